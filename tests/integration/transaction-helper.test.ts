// The one transaction helper (src/server/db/database.ts): synchronous work only, all or nothing, savepoints nested.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASYNC_TRANSACTION_WORK, closeDatabase, openDatabase, transaction, type Db } from '../../src/server/db/database';

let db: Db;
const rows = () => db.$client.prepare('SELECT name FROM notes ORDER BY id').pluck().all();
const insert = (name: string) => db.$client.prepare('INSERT INTO notes (name) VALUES (?)').run(name);

beforeEach(() => {
  db = openDatabase(':memory:', { log: () => undefined });
  db.$client.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
});
afterEach(() => closeDatabase(db));

describe('transaction(db, work)', () => {
  it('commits a synchronous work and answers its result', () => {
    expect(transaction(db, () => insert('kept').changes)).toBe(1);
    expect(rows()).toEqual(['kept']);
  });

  it('rolls back a synchronous work that throws, and rethrows', () => {
    expect(() =>
      transaction(db, () => {
        insert('lost');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(rows()).toEqual([]);
  });

  it('refuses an async work: the type does not take it, and at run time it throws and leaves no row', async () => {
    let failedLater: Promise<void> | undefined;
    expect(() =>
      // @ts-expect-error -- a work that returns a promise is a compile error
      transaction(db, async () => {
        insert('lost');
        failedLater = Promise.reject(new Error('after the await'));
        await failedLater;
      }),
    ).toThrow(ASYNC_TRANSACTION_WORK);
    expect(db.$client.inTransaction).toBe(false);
    expect(rows()).toEqual([]);
    await expect(failedLater).rejects.toThrow('after the await');
  });

  it('nested, the inner work is a savepoint: its failure undoes only its own rows', () => {
    transaction(db, () => {
      insert('outer');
      expect(() =>
        transaction(db, () => {
          insert('inner');
          throw new Error('inner refused');
        }),
      ).toThrow('inner refused');
      expect(transaction(db, () => insert('second inner').changes)).toBe(1);
    });
    expect(rows()).toEqual(['outer', 'second inner']);
  });

  it('nested, a failure of the outer work undoes the inner rows too', () => {
    expect(() =>
      transaction(db, () => {
        transaction(db, () => insert('inner'));
        throw new Error('outer refused');
      }),
    ).toThrow('outer refused');
    expect(rows()).toEqual([]);
  });
});
