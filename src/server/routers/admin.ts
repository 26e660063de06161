import { adminAddonsRouter } from './admin/addons';
import { adminAuditRouter } from './admin/audit';
import { adminCategoriesRouter } from './admin/categories';
import { adminCompanyRouter } from './admin/company';
import { adminDiscountsRouter } from './admin/discounts';
import { adminEmailLogsRouter } from './admin/email-logs';
import { adminPackagesRouter } from './admin/packages';
import { adminTiersRouter } from './admin/tiers';
import { adminUsersRouter } from './admin/users';
import { router } from '../trpc/init';

/** Every admin write and admin-only read (seed 001 §7). Each procedure is an adminProcedure. */
export const adminRouter = router({
  packages: adminPackagesRouter,
  tiers: adminTiersRouter,
  addOns: adminAddonsRouter,
  categories: adminCategoriesRouter,
  discounts: adminDiscountsRouter,
  users: adminUsersRouter,
  emailLogs: adminEmailLogsRouter,
  audit: adminAuditRouter,
  company: adminCompanyRouter,
});
