import { hash, verify } from '@node-rs/argon2';
import { hashPool } from './hash-pool';
import { generateToken } from './tokens';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. @node-rs/argon2 defaults to argon2id.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

// Both go through the bounded pool (./hash-pool.ts): a full queue rejects with a 429 (ServerBusyError).
export function hashPassword(password: string): Promise<string> {
  return hashPool.run(() => hash(password, options));
}

/** `priority`: a trusted browser's sign-in, served ahead of the queue (hash-pool.ts). */
export function verifyPassword(passwordHash: string, password: string, { priority = false } = {}): Promise<boolean> {
  return hashPool.run(
    async () => {
      const started = performance.now();
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      } finally {
        noteVerifyTime(performance.now() - started);
      }
    },
    { priority },
  );
}

/** A running average of how long a real verification takes (ms), measured where it runs. */
let typicalVerifyMs = 50;
function noteVerifyTime(ms: number): void {
  typicalVerifyMs += (ms - typicalVerifyMs) / 8;
}

// One verification of a random secret at start measures this machine's time before the first real sign-in.
void hashPassword(generateToken()).then((h) => verifyPassword(h, generateToken()));

/**
 * Verifies against the account's hash. With no account, nothing is hashed: the answer (false) comes after as long as
 * a real verification takes, so the two cannot be told apart by timing, while a flood of logins for unknown accounts
 * costs no hashing at all and never queues in front of a real user's sign-in (docs/PRODUCT.md "Accounts and sessions").
 */
export async function verifyPasswordOrDummy(
  passwordHash: string | undefined,
  password: string,
  options: { priority?: boolean } = {},
): Promise<boolean> {
  if (passwordHash === undefined) {
    await new Promise((resolve) => setTimeout(resolve, typicalVerifyMs));
    return false;
  }
  return verifyPassword(passwordHash, password, options);
}
