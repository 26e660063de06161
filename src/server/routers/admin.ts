import { adminAddonsRouter } from './admin/addons';
import { adminAuditRouter } from './admin/audit';
import { adminCatalogueRouter } from './admin/catalogue';
import { adminCategoriesRouter } from './admin/categories';
import { adminCompanyRouter } from './admin/company';
import { adminDiscountsRouter } from './admin/discounts';
import { adminEmailLogsRouter } from './admin/email-logs';
import { adminPackagesRouter } from './admin/packages';
import { adminTiersRouter } from './admin/tiers';
import { adminUsersRouter } from './admin/users';
import { adminWebhooksRouter } from './admin/webhooks';
import { router } from '../trpc/init';
import { adminApiKeysRouter } from './api-keys';

/** Every admin write and admin-only read (docs/PRODUCT.md "The admin area"). Each procedure is an adminProcedure. */
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
  apiKeys: adminApiKeysRouter,
  webhooks: adminWebhooksRouter,
  catalogue: adminCatalogueRouter,
});
