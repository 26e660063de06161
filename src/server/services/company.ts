// The seller as customers see it: one row edited in the admin's Company tab. Until an admin saves it, the seller is
// COMPANY_NAME with no other details.
import { eq } from 'drizzle-orm';
import { companySettings } from '../../../db/schema';
import type { Company } from '../../shared/schemas/company';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { audited } from './audit';
import type { Actor } from '../auth/session';

const ROW = 1;

export function getCompany(db: Db, config: Pick<AppConfig, 'companyName'>): Company {
  const row = db.select().from(companySettings).where(eq(companySettings.id, ROW)).get();
  if (!row) return { name: config.companyName, address: null, email: null, phone: null, vatNumber: null, terms: null };
  return { name: row.name, address: row.address, email: row.email, phone: row.phone, vatNumber: row.vatNumber, terms: row.terms };
}

/** PUT /api/admin/company: the whole record, audited with its value before and after. */
export async function updateCompany(db: Db, clock: Clock, config: Pick<AppConfig, 'companyName'>, actor: Actor, input: Company): Promise<Company> {
  return audited(
    db,
    clock,
    { userId: actor.id },
    { entity: 'company', action: 'update', entityId: ROW },
    () => getCompany(db, config),
    () => {
      const values = { ...input, updatedAt: clock.now() };
      db.insert(companySettings)
        .values({ id: ROW, ...values })
        .onConflictDoUpdate({ target: companySettings.id, set: values })
        .run();
      return getCompany(db, config);
    },
    (company) => ({ entityId: ROW, value: company }),
  );
}
