// Fixtures for the saved-configuration tests: catalogue ids by demo name, and extra accounts.
import { addons, discounts, packages, users } from '../../db/schema';
import type { TestApp } from './test-app';

export interface DemoIds {
  pkg: (name: string) => number;
  addOn: (name: string) => number;
  discount: (name: string) => number;
}

export function demoIds(t: TestApp): DemoIds {
  const byName = (rows: { id: number; name: string }[], kind: string) => {
    const map = new Map(rows.map((r) => [r.name, r.id]));
    return (name: string) => {
      const id = map.get(name);
      if (id === undefined) throw new Error(`no ${kind} named ${name}`);
      return id;
    };
  };
  return {
    pkg: byName(t.db.select({ id: packages.id, name: packages.name }).from(packages).all(), 'package'),
    addOn: byName(t.db.select({ id: addons.id, name: addons.name }).from(addons).all(), 'add-on'),
    discount: byName(t.db.select({ id: discounts.id, name: discounts.name }).from(discounts).all(), 'discount'),
  };
}

/** An account for callerAs(); it never signs in with a password, so the hash is a placeholder. */
export function addUser(t: TestApp, email: string, names: { firstname?: string; lastname?: string; username?: string } = {}): number {
  return t.db
    .insert(users)
    .values({
      username: names.username ?? email,
      email,
      firstname: names.firstname ?? '',
      lastname: names.lastname ?? '',
      passwordHash: 'not-a-usable-hash',
      createdAt: t.clock.now(),
    })
    .returning({ id: users.id })
    .get().id;
}
