import {
  configurationAllInput,
  configurationCreateInput,
  configurationIdInput,
  configurationListInput,
  configurationUpdateInput,
} from '../../shared/schemas/configuration';
import {
  createConfiguration,
  deleteConfiguration,
  getConfiguration,
  updateConfiguration,
} from '../services/configurations';
import { listAllBounded, listConfigurationPage } from '../services/configurations-list';
import { savedQuotePdfData } from '../services/quote-pdf';
import { protectedProcedure, router } from '../trpc/init';

/** Saved quotes. Ownership is enforced in the service: what is not yours (unless you are admin) does not exist. */
export const configurationsRouter = router({
  /** The table: one page of 30, sorted and searched on the server. */
  list: protectedProcedure
    .input(configurationListInput)
    .query(({ ctx, input }) => listConfigurationPage(ctx.db, ctx.user, input)),
  /** Everything visible, newest first, at most 1,000 per answer (`page` / `limit` for more). */
  all: protectedProcedure.input(configurationAllInput).query(({ ctx, input }) => listAllBounded(ctx.db, ctx.user, input).items),
  /** The same with the total and whether it was cut (REST GET /api/configurations answers these as headers). */
  allWithTotal: protectedProcedure
    .input(configurationAllInput)
    .query(({ ctx, input }) => listAllBounded(ctx.db, ctx.user, input)),
  get: protectedProcedure.input(configurationIdInput).query(({ ctx, input }) => getConfiguration(ctx.db, ctx.user, input.id)),
  /** What the PDF shows (its stored snapshot) and its file name; rendered by GET /api/configurations/{id}/pdf. */
  pdfData: protectedProcedure
    .input(configurationIdInput)
    .query(({ ctx, input }) => savedQuotePdfData(ctx.db, ctx.config, ctx.user, input.id)),
  create: protectedProcedure
    .input(configurationCreateInput)
    .mutation(({ ctx, input }) => createConfiguration(ctx.db, ctx.clock, ctx.user, input)),
  update: protectedProcedure
    .input(configurationUpdateInput)
    .mutation(({ ctx, input }) => updateConfiguration(ctx.db, ctx.clock, ctx.user, input)),
  delete: protectedProcedure.input(configurationIdInput).mutation(({ ctx, input }) => {
    deleteConfiguration(ctx.db, ctx.user, input.id);
    return { success: true };
  }),
});
