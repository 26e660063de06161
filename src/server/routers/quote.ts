import { quoteResultToJson } from '../../shared/pricing';
import { quoteFormInput } from '../../shared/schemas/quote';
import { priceQuote } from '../services/quote';
import { draftQuotePdfData } from '../services/quote-pdf';
import { protectedProcedure, router } from '../trpc/init';

export const quoteRouter = router({
  /** Quote form data in, quote result out (money as euro numbers, exact to the cent). */
  calculate: protectedProcedure
    .input(quoteFormInput)
    .mutation(async ({ ctx, input }) => quoteResultToJson(await priceQuote(ctx.db, input, ctx.dataVersion))),
  /** An unsaved quote's PDF data, priced here; rendered by POST /api/quote/pdf. */
  pdfData: protectedProcedure.input(quoteFormInput).mutation(({ ctx, input }) => draftQuotePdfData(ctx.db, ctx.config, ctx.clock, ctx.user, input)),
});
