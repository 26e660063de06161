import { acceptInput, declineInput, shareMessages, shareTokenInput } from '../../shared/schemas/share';
import { ForbiddenError } from '../errors';
import { rateLimiterFor } from '../http/rate-limit';
import { getCompany } from '../services/company';
import { acceptShared, declineShared, sharedPdfData, sharedView } from '../services/quote-share';
import { publicProcedure, router } from '../trpc/init';
import { sharedSellerNameOutput, sharedViewOutput } from '../../shared/schemas/share';
import { quotePdfDataOutput } from '../../shared/schemas/quote-pdf';
import { answer } from '../trpc/answer';

/** Every call of the customer's page counts against its address's limit, a guess as much as a real link. */
const sharedProcedure = publicProcedure.use(({ ctx, next }) => {
  rateLimiterFor(ctx).take('shared', ctx.clientAddress);
  return next();
});

/**
 * The customer answers from their own browser: a call signed in to any account (a session, an API key) is the
 * seller's side and answers nothing (docs/API.md "Share links"), before its fields are checked.
 */
const customerProcedure = sharedProcedure.use(({ ctx, next }) => {
  if (ctx.user) throw new ForbiddenError(shareMessages.signedIn);
  return next();
});

/** The customer's side of a share link (docs/API.md "Share links"): no account; an invalid link is the one 404. */
export const sharedRouter = router({
  /** Who sends the links, by name only: what a page for a link that is not valid (or none) can still say. */
  seller: sharedProcedure.output(answer(sharedSellerNameOutput)).query(({ ctx }) => ({ name: getCompany(ctx.db, ctx.config).name })),
  view: sharedProcedure
    .input(shareTokenInput)
    .output(answer(sharedViewOutput))
    .query(({ ctx, input }) => sharedView(ctx.db, ctx.clock, input.token, ctx.user)),
  /** What the PDF of the shared quote shows; rendered by GET /api/shared/{token}/pdf. */
  pdfData: sharedProcedure
    .input(shareTokenInput)
    .output(answer(quotePdfDataOutput))
    .query(({ ctx, input }) => sharedPdfData(ctx.db, ctx.clock, input.token)),
  accept: customerProcedure
    .input(acceptInput)
    .output(answer(sharedViewOutput))
    .mutation(({ ctx, input }) => acceptShared({ db: ctx.db, clock: ctx.clock, config: ctx.config, address: ctx.clientAddress }, input)),
  decline: customerProcedure
    .input(declineInput)
    .output(answer(sharedViewOutput))
    .mutation(({ ctx, input }) => declineShared({ db: ctx.db, clock: ctx.clock, config: ctx.config, address: ctx.clientAddress }, input)),
});
