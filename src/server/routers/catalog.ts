import { catalogSnapshot } from '../services/catalog-cache';
import { getCompany } from '../services/company';
import { protectedProcedure, router } from '../trpc/init';
import { addOnOutput, catalogOutput, categoryOutput, discountOutput, packageOutput } from '../../shared/schemas/catalog';
import { companyOutput } from '../../shared/schemas/company';
import { answer } from '../trpc/answer';

// The catalogue from memory (services/catalog-cache.ts: never stale, frozen). REST answers the same lists as
// ready-made JSON (rest/kit.ts run).
export const catalogRouter = router({
  /** Everything the calculator screen needs in one call. */
  all: protectedProcedure.output(answer(catalogOutput)).query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog),
  packages: protectedProcedure.output(answer(packageOutput.array())).query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.packages),
  addOns: protectedProcedure.output(answer(addOnOutput.array())).query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.addOns),
  categories: protectedProcedure
    .output(answer(categoryOutput.array()))
    .query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.categories),
  discounts: protectedProcedure.output(answer(discountOutput.array())).query(({ ctx }) => catalogSnapshot(ctx.db, ctx.dataVersion).catalog.discounts),
  /** The seller as customers see it: name, address, contact details, VAT number, terms. */
  company: protectedProcedure.output(answer(companyOutput)).query(({ ctx }) => getCompany(ctx.db, ctx.config)),
});
