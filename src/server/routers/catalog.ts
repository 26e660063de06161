import { catalogSnapshot } from '../services/catalog-cache';
import { getCompany } from '../services/company';
import { protectedProcedure, router } from '../trpc/init';

// The catalogue from memory (services/catalog-cache.ts: never stale, frozen). REST answers the same lists as
// ready-made JSON (rest/catalog.ts).
export const catalogRouter = router({
  /** Everything the calculator screen needs in one call. */
  all: protectedProcedure.query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog),
  packages: protectedProcedure.query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.packages),
  addOns: protectedProcedure.query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.addOns),
  categories: protectedProcedure.query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.categories),
  discounts: protectedProcedure.query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.discounts),
  /** The seller as customers see it: name, address, contact details, VAT number, terms. */
  company: protectedProcedure.query(({ ctx }) => getCompany(ctx.db, ctx.config)),
});
