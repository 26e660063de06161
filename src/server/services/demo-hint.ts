// The admin login's demo credentials hint (docs/PRODUCT.md "The admin area" "A demo credentials hint is shown"), shown only while it is
// true: the demo admin account exists AND its password is still the demo password. Checking the password costs one
// argon2 verification, so the answer is remembered per stored hash: it is computed once after start and again only
// when that account's hash changes (a new password makes a new hash). Extend here (e.g. never in production).
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { verifyPassword } from '../auth/password';
import { demoAccounts } from '../seed/demo-data';
import { findUserByEmail } from './users';

export interface DemoHint {
  email: string;
  password: string;
}

const DEMO_ADMIN = demoAccounts[0];

// Only the last hash seen: one account, so one entry is all there is to remember.
let checked: { hash: string; valid: Promise<boolean> } | null = null;

function demoPasswordStillValid(passwordHash: string): Promise<boolean> {
  if (checked?.hash !== passwordHash) checked = { hash: passwordHash, valid: verifyPassword(passwordHash, DEMO_ADMIN.password) };
  return checked.valid;
}

/** Hidden in production (NODE_ENV=production or an https APP_URL), whatever the account's state. */
export async function demoHint(db: Db, config: Pick<AppConfig, 'seedDemo' | 'production'>): Promise<DemoHint | null> {
  if (config.production) return null;
  const user = findUserByEmail(db, DEMO_ADMIN.email);
  if (!user || !user.isAdmin) return null;
  if (!(await demoPasswordStillValid(user.passwordHash))) return null;
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
}

/**
 * The start-up warning of a production deployment that still has the demo accounts (their passwords are in the
 * README): null when not in production or when none of them exists. SEED_DEMO stays true by default for the local
 * first run; this is what tells an operator to remove or re-password them.
 */
export async function demoAccountsWarning(db: Db, config: Pick<AppConfig, 'production'>): Promise<string | null> {
  if (!config.production) return null;
  const present = demoAccounts.filter((a) => findUserByEmail(db, a.email) !== undefined).map((a) => a.email);
  if (present.length === 0) return null;
  const bar = '!'.repeat(78);
  return [
    bar,
    `WARNING: this production deployment still has the demo accounts ${present.join(', ')},`,
    'whose passwords are published in the README. Delete them or give them new passwords in the admin area',
    '(Users tab) now, and start with SEED_DEMO=false on a fresh database.',
    bar,
  ].join('\n');
}
