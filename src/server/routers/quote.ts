import { quoteResultToJson } from '../../shared/pricing';
import { quoteFormInput } from '../../shared/schemas/quote';
import { priceQuote } from '../services/quote';
import { draftQuotePdfData } from '../services/quote-pdf';
import { protectedProcedure, router } from '../trpc/init';
import { quotePdfDataOutput } from '../../shared/schemas/quote-pdf';
import { quoteResultOutput } from '../../shared/schemas/quote-result';
import { answer } from '../trpc/answer';

export const quoteRouter = router({
  /** Quote form data in, quote result out (money as euro numbers, exact to the cent). */
  calculate: protectedProcedure
    .input(quoteFormInput)
    .output(answer(quoteResultOutput))
    .mutation(async ({ ctx, input }) => quoteResultToJson(await priceQuote(ctx.db, input, ctx.dataVersion))),
  /** An unsaved quote's PDF data, priced here; rendered by POST /api/quote/pdf. */
  pdfData: protectedProcedure
    .input(quoteFormInput)
    .output(answer(quotePdfDataOutput))
    .mutation(({ ctx, input }) => draftQuotePdfData(ctx.db, ctx.config, ctx.clock, ctx.user, input)),
});
