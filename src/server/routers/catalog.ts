import { listAddOns, listCategories, listDiscounts, listPackages, loadCatalog } from '../services/catalog';
import { protectedProcedure, router } from '../trpc/init';

export const catalogRouter = router({
  /** Everything the calculator screen needs in one call. */
  all: protectedProcedure.query(({ ctx }) => loadCatalog(ctx.db)),
  packages: protectedProcedure.query(({ ctx }) => listPackages(ctx.db)),
  addOns: protectedProcedure.query(({ ctx }) => listAddOns(ctx.db)),
  categories: protectedProcedure.query(({ ctx }) => listCategories(ctx.db)),
  discounts: protectedProcedure.query(({ ctx }) => listDiscounts(ctx.db)),
});
