import { hash, verify } from '@node-rs/argon2';
import { hashPool } from './hash-pool';
import { generateToken } from './tokens';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. @node-rs/argon2 defaults to argon2id.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

// Both go through the bounded pool (./hash-pool.ts): a full queue rejects with a 429 (ServerBusyError).
export function hashPassword(password: string): Promise<string> {
  return hashPool.run(() => hash(password, options));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashPool.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// A hash of a random secret with the same parameters, made once at start, so that a login for an unknown account
// costs as much as one with a wrong password and the two cannot be told apart by timing.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(generateToken());
  return dummyHash;
}
void getDummyHash();

/** Verifies against the account's hash, or against the dummy hash (always false) when there is no account. */
export async function verifyPasswordOrDummy(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    await verifyPassword(await getDummyHash(), password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}
