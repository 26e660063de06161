// Seed code shared by `npm run db:seed`, the first start on an empty database, and the tests' fixtures.
// Every insert is keyed by a natural name and skipped when present: running it twice changes nothing, and it never
// overwrites what an administrator has since changed.
import { ConflictError } from '../errors';
import { count, eq, sql } from 'drizzle-orm';
import { addonCategories, addons, discounts, packages, users } from '../../../db/schema';
import { catalogueNameKey, type ConditionType, type DiscountType } from '../../shared/schemas/catalog-admin';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { createAddOn } from '../services/admin-catalog/addons';
import { createCategory } from '../services/admin-catalog/categories';
import { createDiscount } from '../services/admin-catalog/discounts';
import { createPackage } from '../services/admin-catalog/packages';
import { findUserByEmail, insertUser, isLoginNameTaken } from '../services/users';
import { demoAccounts, demoAddOns, demoCategories, demoDiscounts, demoPackages } from './demo-data';

/** Each item's id by its name as names are compared (unique per kind, any case: docs/PRODUCT.md "The admin area"). */
function idsByName(db: Db, table: typeof packages | typeof addonCategories | typeof addons | typeof discounts) {
  const ids = new Map(
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .all()
      .map((r) => [catalogueNameKey(r.name), r.id]),
  );
  return { has: (name: string) => ids.has(catalogueNameKey(name)), get: (name: string) => ids.get(catalogueNameKey(name)) };
}

/** The demo catalogue, written as an administrator's creates write it; what already exists by name is left alone. */
export function seedDemoCatalog(db: Db, clock: Clock): void {
  transaction(db, () => {
    const now = clock.now();
    const existingPackages = idsByName(db, packages);
    for (const p of demoPackages) {
      if (existingPackages.has(p.name)) continue;
      createPackage(db, { ...p, features: [...p.features], priceTiers: [...p.unitTiers], userPriceTiers: [...p.userTiers] }, now);
    }
    const packageIds = idsByName(db, packages);

    const existingCategories = idsByName(db, addonCategories);
    for (const c of demoCategories) {
      if (!existingCategories.has(c.name)) createCategory(db, c);
    }
    const categoryIds = idsByName(db, addonCategories);

    const existingAddOns = idsByName(db, addons);
    for (const a of demoAddOns) {
      if (existingAddOns.has(a.name)) continue;
      createAddOn(db, {
        name: a.name,
        description: a.description,
        categoryId: categoryIds.get(a.category) ?? null,
        setupFee: a.setupFee,
        monthlyFee: a.monthlyFee,
        availableForPackages: a.packages.map((name) => packageIds.get(name)).filter((pid): pid is number => pid !== undefined),
      });
    }

    const existingDiscounts = idsByName(db, discounts);
    for (const d of demoDiscounts) {
      if (existingDiscounts.has(d.name)) continue;
      createDiscount(db, {
        name: d.name,
        description: d.description,
        type: d.type as DiscountType,
        value: d.value,
        conditions: d.conditions.map((c) => ({
          type: c.type as ConditionType,
          operator: c.operator,
          // Package conditions name packages in the demo data; the catalogue stores their ids.
          value: Array.isArray(c.value) ? c.value.map((name) => packageIds.get(name)).filter((x) => x !== undefined) : c.value,
        })),
      });
    }
  });
}

/** Creates the account unless some account already answers to that address (as email or username). */
export async function createUserIfMissing(
  db: Db,
  clock: Clock,
  account: { email: string; password: string; firstname?: string; lastname?: string; companyName?: string; isAdmin: boolean },
): Promise<boolean> {
  if (isLoginNameTaken(db, account.email)) return false;
  try {
    await insertUser(db, clock, {
      username: account.email,
      email: account.email,
      firstname: account.firstname ?? '',
      lastname: account.lastname ?? '',
      companyName: account.companyName ?? '',
      password: account.password,
      isAdmin: account.isAdmin,
      // The demo accounts and the ADMIN_EMAIL account are made by whoever runs the server: vouched for.
      emailVerified: true,
    });
    return true;
  } catch (error) {
    // Another start created it while the password was hashed.
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

export async function seedDemoAccounts(db: Db, clock: Clock): Promise<void> {
  for (const account of demoAccounts) await createUserIfMissing(db, clock, account);
}

export async function seedDemo(db: Db, clock: Clock): Promise<void> {
  seedDemoCatalog(db, clock);
  await seedDemoAccounts(db, clock);
}

export function isDatabaseEmpty(db: Db): boolean {
  const [p] = db.select({ n: count() }).from(packages).all();
  const [u] = db.select({ n: count() }).from(users).all();
  return (p?.n ?? 0) === 0 && (u?.n ?? 0) === 0;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD: create this admin at start if no account has that EMAIL (the email column alone; README
 * "Configuration"). An account that merely uses the address as its username (possible before usernames had to be the
 * account's own address) does not stop it: that username is set back to its owner's own email, and the log says so.
 * `log` is told what was done or why nothing was.
 */
export async function bootstrapAdmin(
  db: Db,
  clock: Clock,
  email?: string,
  password?: string,
  log: (message: string) => void = console.log,
): Promise<boolean> {
  if (!email || !password) return false;
  const existing = findUserByEmail(db, email);
  if (existing) {
    log(
      `ADMIN_EMAIL ${email} already has an account (id ${existing.id}, ${existing.isAdmin ? 'an admin' : 'NOT an admin'}): skipped, nothing was changed.`,
    );
    return false;
  }
  const squatter = db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${email.trim().toLowerCase()}`)
    .get();
  if (squatter) {
    db.update(users).set({ username: squatter.email }).where(eq(users.id, squatter.id)).run();
    log(`ADMIN_EMAIL ${email} was the username of the account ${squatter.email} (id ${squatter.id}); its username is now its own email address.`);
  }
  const created = await createUserIfMissing(db, clock, { email, password, isAdmin: true });
  log(created ? `Created the admin account ${email}.` : `ADMIN_EMAIL ${email}: another start created it meanwhile; skipped.`);
  return created;
}
