import path from 'node:path';
import { z } from 'zod';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().trim().min(1).default('./data/app.db'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SEED_DEMO: bool.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Quote Configurator <no-reply@localhost>'),
  OUTBOX_DIR: z.string().trim().min(1).default('./data/outbox'),
  // Hardening (docs/DECISIONS.md "Hardening"): per-address limits per 10 minutes (0 = off), proxy trust, extra origins.
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RATE_LIMIT_RESET: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RATE_LIMIT_SHARED: z.coerce.number().int().min(0).max(1_000_000).default(300),
  TRUST_PROXY: bool.default(false),
  ALLOWED_ORIGINS: z.string().trim().optional(),
  NODE_ENV: z.string().trim().optional(),
  COMPANY_NAME: z.string().trim().min(1).max(200).default('Quote Configurator'),
  QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  QUOTE_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  REMINDER_SCAN_MS: z.coerce.number().int().min(50).max(86_400_000).default(900_000),
  APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(86_400_000).default(60_000),
  // Quote mails per account per rolling hour, 0 = no limit (docs/PRODUCT.md "Sending"); self-service sign-up ("Accounts and sessions").
  SEND_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(30),
  REGISTRATION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['open', 'closed'], { error: 'must be open or closed' }))
    .default('open'),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // read by logging.ts when the process starts (it cannot change later); checked here so a misspelling stops the server
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  databasePath: string;
  appUrl: string;
  /** Origin (scheme://host:port) of APP_URL, for the cross-site check. */
  appOrigin: string;
  secureCookies: boolean;
  seedDemo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  /** Registrations / reset requests per client address per 10 minutes; 0 = no limit. */
  rateLimitRegister: number;
  rateLimitReset: number;
  /** Requests to the customer's share-link endpoints (/api/shared/*) per client address per 10 minutes; 0 = no limit. */
  rateLimitShared: number;
  /** Read the client address from X-Forwarded-For (its last entry) and the host from X-Forwarded-Host. */
  trustProxy: boolean;
  /** Origins a state-changing request may come from: APP_URL's, plus ALLOWED_ORIGINS (plus loopback when APP_URL is unset). */
  allowedOrigins: string[];
  /** Hosts (host[:port]) the API answers when APP_URL is set explicitly; null = any (local first run). */
  allowedHosts: string[] | null;
  /** NODE_ENV=production or an https APP_URL: demo hints hidden, a loud warning when the demo accounts exist. */
  production: boolean;
  /** The seller named on quote PDFs. */
  companyName: string;
  /** Days a new quote's prices hold (its default validUntil is today in Europe/Amsterdam plus these). */
  quoteValidityDays: number;
  /** A reminder goes out this many days before a sent quote expires; 0 = no reminders. */
  quoteReminderDays: number;
  /** How often the server looks for reminders to send (milliseconds). */
  reminderScanMs: number;
  /** The secret share links are derived from; unset = one generated once into the data folder (server/secret.ts). */
  appSecret?: string;
  /** The first wait before a failed webhook delivery is tried again; the later waits are multiples of it. */
  webhookRetryBaseMs: number;
  webhookDeliveryRetentionDays: number;
  /** Webhooks may reach loopback, private and link-local addresses (a receiver on the team's own network). */
  webhookAllowPrivate: boolean;
  /** Quotes one account may send per rolling hour; 0 = no limit. */
  sendLimitPerHour: number;
  /** `closed`: only an admin makes accounts (POST /api/register answers 403). */
  registration: 'open' | 'closed';
  /** Request and process log level (pino); `silent` turns logging off. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {}

/** Reads ./.env into process.env when present (variables already set win). */
export function loadDotEnv(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** ALLOWED_ORIGINS: a comma-separated list of origins (scheme://host[:port]); anything else is a configuration error. */
function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      let u: URL;
      try {
        u = new URL(s);
      } catch {
        throw new ConfigError(`Invalid configuration:\n  ALLOWED_ORIGINS: ${JSON.stringify(s)} is not an origin like https://quotes.example.com`);
      }
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== s.replace(/\/+$/, '')) {
        throw new ConfigError(`Invalid configuration:\n  ALLOWED_ORIGINS: ${JSON.stringify(s)} is not an origin like https://quotes.example.com`);
      }
      return u.origin;
    });
}

/** Reads and validates the environment (README "Configuration"). Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(appUrl);
  const extraOrigins = parseOrigins(e.ALLOWED_ORIGINS);
  // Without an explicit APP_URL (a local first run), the loopback spellings of the same port count as the app too.
  const loopback = e.APP_URL ? [] : [`http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`];
  const allowedOrigins = [...new Set([url.origin, ...loopback, ...extraOrigins])];
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath: e.DATABASE_PATH === ':memory:' ? e.DATABASE_PATH : path.resolve(e.DATABASE_PATH),
    appUrl,
    appOrigin: url.origin,
    secureCookies: url.protocol === 'https:',
    seedDemo: e.SEED_DEMO,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.resolve(e.OUTBOX_DIR),
    rateLimitRegister: e.RATE_LIMIT_REGISTER,
    rateLimitReset: e.RATE_LIMIT_RESET,
    rateLimitShared: e.RATE_LIMIT_SHARED,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins,
    allowedHosts: e.APP_URL ? [...new Set(allowedOrigins.map((o) => new URL(o).host))] : null,
    production: e.NODE_ENV === 'production' || url.protocol === 'https:',
    companyName: e.COMPANY_NAME,
    quoteValidityDays: e.QUOTE_VALIDITY_DAYS,
    quoteReminderDays: e.QUOTE_REMINDER_DAYS,
    reminderScanMs: e.REMINDER_SCAN_MS,
    appSecret: e.APP_SECRET,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookDeliveryRetentionDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    sendLimitPerHour: e.SEND_LIMIT_PER_HOUR,
    registration: e.REGISTRATION,
    logLevel: e.LOG_LEVEL,
  };
}
