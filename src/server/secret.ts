// The server's own secret: share links are derived from it and the link's random value, so the database alone (a
// backup, a copied file) never yields a working link. APP_SECRET when set; otherwise a random one written once into
// the data folder (next to the database, readable by the server's user only) and read at every later start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';

export const SECRET_FILE = 'app-secret';

const cache = new WeakMap<AppConfig, string>();

export function appSecretOf(config: Pick<AppConfig, 'appSecret' | 'databasePath'>): string {
  if (config.appSecret) return config.appSecret;
  const known = cache.get(config as AppConfig);
  if (known) return known;
  const secret =
    config.databasePath === ':memory:'
      ? randomBytes(32).toString('base64url')
      : readOrCreate(path.join(path.dirname(config.databasePath), SECRET_FILE));
  cache.set(config as AppConfig, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
