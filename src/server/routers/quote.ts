import { quoteResultToJson } from '../../shared/pricing';
import { quoteFormInput } from '../../shared/schemas/quote';
import { priceQuote } from '../services/quote';
import { protectedProcedure, router } from '../trpc/init';

export const quoteRouter = router({
  /** Quote form data in, quote result out (money as euro numbers, exact to the cent). */
  calculate: protectedProcedure.input(quoteFormInput).mutation(({ ctx, input }) => quoteResultToJson(priceQuote(ctx.db, input))),
});
