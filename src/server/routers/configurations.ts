import {
  configurationAllInput,
  configurationCreateInput,
  configurationIdInput,
  configurationListInput,
  configurationRevisionInput,
  configurationStatusInput,
  configurationUpdateInput,
} from '../../shared/schemas/configuration';
import { sendInput } from '../../shared/schemas/share';
import { createConfiguration, deleteConfiguration, getConfiguration, todayOf, updateConfiguration, type QuoteTime } from '../services/configurations';
import { listAllBounded, listConfigurationPage } from '../services/configurations-list';
import { duplicate, getRevision, getWithDrift, listRevisions, reprice, setStatus } from '../services/quote-life';
import { savedQuotePdfData } from '../services/quote-pdf';
import { quoteTimeline } from '../services/audit';
import { activityQueryInput } from '../../shared/schemas/audit';
import { sendPreview, sendQuote } from '../services/quote-send';
import { liveLinkOf, liveShareOf, revokeShare, shareQuote } from '../services/share-links';
import type { Context } from '../trpc/context';
import { protectedProcedure, router } from '../trpc/init';
import { successOutput } from '../../shared/schemas/answer-fields';
import { auditPageOutput } from '../../shared/schemas/audit';
import {
  boundedListOutput,
  configurationDetailOutput,
  configurationOutput,
  configurationPageOutput,
  configurationWithDriftOutput,
  revisionSummaryOutput,
} from '../../shared/schemas/configuration-output';
import { quotePdfDataOutput } from '../../shared/schemas/quote-pdf';
import { liveLinkOutput, sendPreviewOutput, sendResultOutput, shareLinkOutput, shareStatusOutput } from '../../shared/schemas/share';
import { answer } from '../trpc/answer';

/** What answers a live share link: a session or a write key, never a read key (docs/API.md "Share links"). */
const liveLinkProcedure = protectedProcedure.meta({ keys: 'write' });

const timeOf = (ctx: Pick<Context, 'clock' | 'config'>): QuoteTime => ({ clock: ctx.clock, validityDays: ctx.config.quoteValidityDays });

/** Saved quotes. Ownership is enforced in the service: what is not yours (unless you are admin) does not exist. */
export const configurationsRouter = router({
  /** The table: one page of 30, sorted, searched (name or quote number) and filtered by status on the server. */
  list: protectedProcedure
    .input(configurationListInput)
    .output(answer(configurationPageOutput))
    .query(({ ctx, input }) => listConfigurationPage(ctx.db, ctx.user, todayOf(ctx.clock), input)),
  /** Everything visible, newest first, at most 1,000 per answer (`page` / `limit` for more). */
  all: protectedProcedure
    .input(configurationAllInput)
    .output(answer(configurationOutput.array()))
    .query(async ({ ctx, input }) => (await listAllBounded(ctx.db, ctx.user, todayOf(ctx.clock), input)).items),
  /** The same with the total and whether it was cut (REST GET /api/configurations answers these as headers). */
  allWithTotal: protectedProcedure
    .input(configurationAllInput)
    .output(answer(boundedListOutput))
    .query(({ ctx, input }) => listAllBounded(ctx.db, ctx.user, todayOf(ctx.clock), input)),
  /** The stored quote, and `catalogDrift`: its inputs priced on today's catalogue when that differs (else null). */
  get: protectedProcedure
    .input(configurationIdInput)
    .output(answer(configurationWithDriftOutput))
    .query(({ ctx, input }) => getWithDrift(ctx.db, ctx.clock, ctx.user, input.id)),
  /** What the PDF shows (its stored snapshot) and its file name; rendered by GET /api/configurations/{id}/pdf. */
  pdfData: protectedProcedure
    .input(configurationIdInput)
    .output(answer(quotePdfDataOutput))
    .query(({ ctx, input }) => savedQuotePdfData(ctx.db, ctx.config, ctx.clock, ctx.user, input.id)),
  create: protectedProcedure
    .input(configurationCreateInput)
    .output(answer(configurationDetailOutput))
    .mutation(({ ctx, input }) => createConfiguration(ctx.db, timeOf(ctx), ctx.user, input)),
  update: protectedProcedure
    .input(configurationUpdateInput)
    .output(answer(configurationDetailOutput))
    .mutation(({ ctx, input }) => updateConfiguration(ctx.db, ctx.clock, ctx.user, input)),
  delete: protectedProcedure
    .input(configurationIdInput)
    .output(answer(successOutput))
    .mutation(async ({ ctx, input }) => {
      await deleteConfiguration(ctx.db, ctx.clock, ctx.user, input.id);
      return { success: true };
    }),
  /** draft → sent → accepted | declined (owner or admin); other moves are a 409. */
  setStatus: protectedProcedure
    .input(configurationStatusInput)
    .output(answer(configurationDetailOutput))
    .mutation(({ ctx, input }) => setStatus(ctx.db, ctx.clock, ctx.user, input.id, input.status)),
  /** Prices the stored inputs on today's catalogue: a new revision when the figures differ. */
  reprice: protectedProcedure
    .input(configurationIdInput)
    .output(answer(configurationDetailOutput))
    .mutation(({ ctx, input }) => reprice(ctx.db, ctx.clock, ctx.user, input.id)),
  /** A new draft owned by the caller, priced today. */
  duplicate: protectedProcedure
    .input(configurationIdInput)
    .output(answer(configurationDetailOutput))
    .mutation(({ ctx, input }) => duplicate(ctx.db, timeOf(ctx), ctx.user, input.id)),
  /** Every revision, newest first, with what changed against the one before. */
  revisions: protectedProcedure
    .input(configurationIdInput)
    .output(answer(revisionSummaryOutput.array()))
    .query(({ ctx, input }) => listRevisions(ctx.db, ctx.user, input.id)),
  /** The quote as it was at one revision. */
  revision: protectedProcedure
    .input(configurationRevisionInput)
    .output(answer(configurationWithDriftOutput))
    .query(({ ctx, input }) => getRevision(ctx.db, ctx.clock, ctx.user, input.id, input.revision)),
  /** A new share link (the old one revoked); a draft becomes sent. */
  share: protectedProcedure
    .input(configurationIdInput)
    .output(answer(shareLinkOutput))
    .mutation(({ ctx, input }) => shareQuote(ctx.db, ctx.clock, ctx.config, ctx.user, input.id)),
  /** Revokes the live link; NOT_FOUND when there is none. */
  unshare: protectedProcedure
    .input(configurationIdInput)
    .output(answer(successOutput))
    .mutation(async ({ ctx, input }) => {
      await revokeShare(ctx.db, ctx.clock, ctx.user, input.id);
      return { success: true };
    }),
  /** The live link for the share dialog: its URL to copy again, when it ends, its revision, whether it was opened. */
  shareStatus: liveLinkProcedure
    .input(configurationIdInput)
    .output(answer(shareStatusOutput))
    .query(async ({ ctx, input }) => ({ live: await liveShareOf(ctx.db, ctx.config, ctx.user, input.id) })),
  /** GET /api/configurations/{id}/share: the live link `{ url, expiresAt, revision }`; NOT_FOUND when there is none. */
  link: liveLinkProcedure
    .input(configurationIdInput)
    .output(answer(liveLinkOutput))
    .query(({ ctx, input }) => liveLinkOf(ctx.db, ctx.config, ctx.user, input.id)),
  /** Mails the quote to its customer with the link and the PDF; a draft becomes sent. */
  send: protectedProcedure
    .input(sendInput)
    .output(answer(sendResultOutput))
    .mutation(({ ctx, input }) => sendQuote(ctx, ctx.user, input)),
  /** The mail Send would write now, for the dialog's preview: it holds the live link it would reuse. */
  sendPreview: liveLinkProcedure
    .input(sendInput)
    .output(answer(sendPreviewOutput))
    .query(({ ctx, input }) => sendPreview(ctx, ctx.user, input)),
  /** The quote's own audit entries, oldest first, one page (`limit` default 50, at most 500) and their total. */
  activity: protectedProcedure
    .input(activityQueryInput)
    .output(answer(auditPageOutput))
    .query(async ({ ctx, input }) => {
      await getConfiguration(ctx.db, ctx.clock, ctx.user, input.id);
      return quoteTimeline(ctx.db, input.id, input);
    }),
});
