// The admin login's demo credentials hint (seed 001 §2 "A demo credentials hint is shown"), shown only while it is
// true: the demo admin account exists AND its password is still the demo password. Checking the password costs one
// argon2 verification, so the answer is remembered per stored hash: it is computed once after start and again only
// when that account's hash changes (a new password makes a new hash). Extend here (e.g. never in production).
import type { AppConfig } from '../config';
import type { Db } from '../db';
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

export async function demoHint(db: Db, _config: Pick<AppConfig, 'seedDemo'>): Promise<DemoHint | null> {
  const user = findUserByEmail(db, DEMO_ADMIN.email);
  if (!user || !user.isAdmin) return null;
  if (!(await demoPasswordStillValid(user.passwordHash))) return null;
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
}
