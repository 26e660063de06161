// Building blocks of the fuzz tests (tests/integration/fuzz-*.test.ts): hostile values, odd ids, the error-shape
// check, and a fingerprint of the database to prove that a refused call changed nothing.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/database';
import type { TestResponse } from './test-app';

/** Strings an attacker or a broken client sends: control characters, bidi overrides, lone surrogates, SQL, HTML. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31mred\u001b[0m',
  '\r\nSet-Cookie: x=1',
  '\u202eevil\u202c',
  '\u2066isolate\u2069',
  '\u200b\u200d\ufeff',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00 emoji',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "Robert'); DELETE FROM configurations;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("x")()}}',
  '../../etc/passwd',
  '%00',
  '%s%n%x',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '0x10',
  '１２',
  '12,50',
  '-0',
  '9007199254740993',
  'a'.repeat(5_000),
  'é'.repeat(20_000),
];

/** Numbers that break naive code: huge, negative, fractional, unsafe integers (JSON cannot carry NaN/Infinity). */
export const hostileNumbers = [0, -0, -1, -1e308, 1e308, 1e21, 2 ** 53 + 1, -(2 ** 53) - 1, 0.1 + 0.2, 0.005, 1.5, 1e-7, 4294967296];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 3 },
  { arbitrary: fc.constantFrom(...hostileNumbers), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { id: 1 }, [1, 'a', null], { __proto__: { isAdmin: true } }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

/** Path ids: real ones, and what a path segment can hold instead. */
export const oddIds = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '99999999999999999999',
  '9007199254740993',
  '%20',
  '%00',
  'null',
  '１',
  '0x1',
  '+1',
  '01',
  ' 1',
  '..',
];

/** Field names the procedures read, to build objects that get past the first checks. */
export const fieldNames = [
  'id',
  'packageId',
  'tierId',
  'kind',
  'username',
  'email',
  'password',
  'newPassword',
  'confirmPassword',
  'token',
  'firstname',
  'lastname',
  'companyName',
  'name',
  'description',
  'pricingModel',
  'squareMeters',
  'userCount',
  'locations',
  'addOns',
  'customItems',
  'discountIds',
  'selectedDiscountIds',
  'contractDuration',
  'paymentFrequency',
  'basePrice',
  'setupFee',
  'extraLocationPrice',
  'features',
  'minSqm',
  'maxSqm',
  'pricePerSqm',
  'minUsers',
  'maxUsers',
  'pricePerUser',
  'tiers',
  'min',
  'max',
  'price',
  'categoryId',
  'monthlyFee',
  'availableForPackages',
  'icon',
  'allowsMultipleSelection',
  'type',
  'value',
  'conditions',
  'isAdmin',
  'page',
  'sort',
  'direction',
  'search',
  'scope',
  'form',
  'reason',
  'currentPassword',
];

export const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 8 });

/** A JSON text with one number literal that JSON.parse turns into ±Infinity (1e400) or a huge/negative value. */
export function withRawNumber(json: string, literal: string): string {
  return json.replace(/(?<=:)\s*-?\d+(\.\d+)?(?=[,}\]])/, literal);
}

export const rawNumberLiterals = ['1e400', '-1e400', '1e308', '-1', '-0', '1.0000000000000001', '123456789012345678901234567890', '0.0000001'];

/** Mutations of a valid body: one field hostile, raw number literals, the body itself broken. */
export function bodyVariants(valid: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const template = valid ?? {};
  const keys = Object.keys(template);
  const json = JSON.stringify(template);
  const variants: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constant(json), weight: 2 },
    { arbitrary: hostileObject.map((o) => JSON.stringify({ ...template, ...o })), weight: 3 },
    { arbitrary: fc.constantFrom(...rawNumberLiterals).map((lit) => withRawNumber(json, lit)), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
    {
      arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '42', '{"__proto__":{"isAdmin":true}}', '\u0000', '{}'.repeat(1000)),
      weight: 1,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  ];
  if (keys.length > 0) {
    variants.push({
      arbitrary: fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => JSON.stringify({ ...template, [k]: v })),
      weight: 4,
    });
    variants.push({ arbitrary: fc.constantFrom(...keys).map((k) => JSON.stringify({ ...template, [k]: undefined })), weight: 1 });
  }
  return fc.oneof(...variants);
}

/** The contract's JSON error body: message, error (the same text) and code, all strings. */
export function expectErrorShape(res: TestResponse, what: string): void {
  expect(res.headers.get('content-type') ?? '', `${what}: content-type`).toContain('application/json');
  const b = res.body as Record<string, unknown> | null;
  expect(typeof b?.message, `${what}: message in ${res.text.slice(0, 300)}`).toBe('string');
  expect(typeof b?.error, `${what}: error in ${res.text.slice(0, 300)}`).toBe('string');
  expect(typeof b?.code, `${what}: code in ${res.text.slice(0, 300)}`).toBe('string');
}

/**
 * tRPC's door answers errors in tRPC's envelope ({ error: { message, code, data: { code, httpStatus } } }, an array
 * of them for a batch) so @trpc/client can read them; what the guards in front of it refuse has the contract's shape.
 */
export function expectTrpcErrorShape(res: TestResponse, what: string): void {
  const b = res.body as unknown;
  if (b && typeof b === 'object' && !Array.isArray(b) && 'code' in b && typeof (b as { code: unknown }).code === 'string') {
    expectErrorShape(res, what);
    return;
  }
  const items = Array.isArray(b) ? b : [b];
  expect(items.length, `${what}: ${res.text.slice(0, 300)}`).toBeGreaterThan(0);
  for (const item of items as Record<string, any>[]) {
    if (item && 'result' in item) continue;
    expect(typeof item?.error?.message, `${what}: ${res.text.slice(0, 300)}`).toBe('string');
    expect(typeof item?.error?.data?.code, `${what}: ${res.text.slice(0, 300)}`).toBe('string');
    expect(item.error.data.code, `${what}: ${res.text.slice(0, 300)}`).not.toBe('INTERNAL_SERVER_ERROR');
  }
}

/**
 * Tables whose rows a refused call may legitimately write: a failed sign-in is recorded for the lockout, and
 * throttling/rate-limit bookkeeping counts refusals by design.
 */
const BOOKKEEPING = /^(login_failures|__drizzle_migrations|sqlite_.*)$|rate|throttle/i;

/**
 * Rows a refused call may legitimately add to a domain table: the audit trail records a failed sign-in (a refusal is
 * the event). Every other audit entry still counts.
 */
const RECORDS_OF_REFUSALS: Record<string, string> = { audit_log: "where action <> 'sign_in_failed'" };
const rowsOf = (name: string) => RECORDS_OF_REFUSALS[name] ?? '';

/** A fingerprint of every row of every domain table (they are small in a test database: this takes < 1 ms). */
export function dbFingerprint(db: Db): string {
  const tables = (db.$client.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.test(n));
  const hash = createHash('sha256');
  for (const name of tables) {
    hash.update(name);
    for (const row of db.$client
      .prepare(`select * from "${name}" ${rowsOf(name)} order by rowid`)
      .raw()
      .iterate())
      hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

/** Row counts per domain table, for a readable failure message. */
export function rowCounts(db: Db): Record<string, number> {
  const tables = (db.$client.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.test(n));
  return Object.fromEntries(tables.map((n) => [n, (db.$client.prepare(`select count(*) as c from "${n}" ${rowsOf(n)}`).get() as { c: number }).c]));
}
