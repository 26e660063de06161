// The customer's side of a share link (docs/API.md "Share links"): the page's data, its PDF, accept and decline. A
// link shows the quote as it was when shared (frozen in share-links.ts), with its live status, until the end of the
// quote's current validUntil in Europe/Amsterdam; every path that does not find a live link throws the same 404. A
// link answers for exactly the revision it shows: once the quote moves on, the customer can no longer accept or
// decline through it. An acceptance is kept as evidence: the figures and the sentence confirmed, and the fingerprint
// of the accepted revision's stored snapshot.
import { ConflictError, NotFoundError } from '../errors';
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { configurations, quoteShares, users, type QuoteAcceptance, type QuoteDecline } from '../../../db/schema';
import { canonicalJson } from '../../shared/canonical-json';
import { formatMoney } from '../../shared/money';
import { endOfAmsterdamDay } from '../../shared/quote-dates';
import {
  acceptanceStatement,
  quoteTitle,
  shareMessages,
  type AcceptInput,
  type DeclineInput,
  type SharedQuoteView,
} from '../../shared/schemas/share';
import { hashToken } from '../auth/tokens';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { quoteAnswerMail } from '../mail/templates/quote-answer';
import { quoteConfirmationMail } from '../mail/templates/quote-mails';
import { recordAudit } from './audit';
import { creatorName } from './configuration-rows';
import { oweMail } from './owed-mail';
import { todayOf } from './configurations';
import { savedDocument, type QuotePdfData } from './quote-pdf';
import { snapshotParts, type FrozenView } from './share-links';
import type { QuoteStatus } from '../../shared/value-sets';

/** The one answer for a token that is unknown, revoked or expired: nothing tells them apart. */
export const linkNotFound = () => new NotFoundError(shareMessages.linkInvalid);

export interface LiveLink {
  tokenHash: string;
  configurationId: number;
  revision: number;
  frozen: FrozenView;
  openedAt: Date | null;
  sentTo: string | null;
  /** With the server's secret, the token again (share-links.ts); null for a link made before tokens were derived. */
  nonce: string | null;
  quote: {
    userId: number;
    /** The quote's current revision: the link still answers for the quote only while this equals the link's. */
    revision: number;
    status: QuoteStatus;
    validUntil: string;
    acceptance: QuoteAcceptance | null;
    decline: QuoteDecline | null;
  };
}

/**
 * A link made before the seller had details and before the customer stopped seeing internal names froze a smaller
 * view: read it in today's shape (the seller by name only, no terms, the package from the snapshot).
 */
function currentShape(stored: FrozenView): FrozenView {
  const v = stored.view as FrozenView['view'] & { seller: unknown; name?: string };
  if (typeof v.seller !== 'string') return stored;
  const { name: _internal, ...rest } = v;
  return {
    pdf: stored.pdf,
    view: {
      ...rest,
      packageName: stored.pdf.quote.packageName,
      seller: { name: v.seller, address: null, email: null, phone: null, vatNumber: null },
      terms: null,
      preparedBy: { name: v.preparedBy.name, email: null },
    },
  };
}

/** A link's row and, nested as LiveLink holds it, the state of its quote. */
const linkColumns = {
  tokenHash: quoteShares.tokenHash,
  configurationId: quoteShares.configurationId,
  revision: quoteShares.revision,
  view: quoteShares.view,
  revokedAt: quoteShares.revokedAt,
  openedAt: quoteShares.openedAt,
  sentTo: quoteShares.sentTo,
  nonce: quoteShares.nonce,
  quote: {
    userId: configurations.userId,
    revision: configurations.revision,
    status: configurations.status,
    validUntil: configurations.validUntil,
    acceptance: configurations.acceptance,
    decline: configurations.decline,
  },
};

const linkQuery = (db: Db) => db.select(linkColumns).from(quoteShares).innerJoin(configurations, eq(configurations.id, quoteShares.configurationId));
type LinkRow = NonNullable<ReturnType<ReturnType<typeof linkQuery>['get']>>;

function toLiveLink({ view, revokedAt, ...link }: LinkRow): LiveLink {
  return { ...link, frozen: currentShape(view as FrozenView) };
}

/**
 * The live link of a token, or the one 404. The token's form is not checked first: every token costs one hash and
 * one primary-key lookup, so a guess takes as long as a revoked link.
 */
function liveLink(db: Db, clock: Clock, token: string): LiveLink {
  const row = linkQuery(db)
    .where(eq(quoteShares.tokenHash, hashToken(token)))
    .get();
  if (!row || row.revokedAt !== null || clock.now() >= endOfAmsterdamDay(row.quote.validUntil)) throw linkNotFound();
  return toLiveLink(row);
}

/** The live link of a quote (not by token: for the reminders and the send), or null. */
export function liveLinkOfQuote(db: Db, configurationId: number): LiveLink | null {
  const row = linkQuery(db)
    .where(and(eq(quoteShares.configurationId, configurationId), isNull(quoteShares.revokedAt)))
    .get();
  return row ? toLiveLink(row) : null;
}

/** Whether the customer may answer through this link, and if not, the 409's message: one rule for the view and the answer. */
export function refusalOf(link: LiveLink, today: string): string | null {
  const q = link.quote;
  if (q.revision !== link.revision) return shareMessages.changed;
  if (q.status !== 'sent') return shareMessages.notOpen;
  if (q.validUntil < today) return shareMessages.expired;
  return null;
}

/** What the customer's page says instead of Accept and Decline; null while they can answer. */
function noticeOf(link: LiveLink, today: string): string | null {
  const q = link.quote;
  const seller = link.frozen.view.seller.name;
  if (q.revision !== link.revision) return `${shareMessages.changed}. ${seller} will send you the new version.`;
  if (q.status === 'accepted') return 'This quote has been accepted.';
  if (q.status === 'declined') return 'This quote has been declined.';
  if (q.status === 'draft') return `${seller} is revising this quote and will send you the new version.`;
  if (q.validUntil < today) return `${shareMessages.expired}. Please ask ${seller} for a new quote.`;
  return null;
}

/**
 * The view of a link. `signedIn`: read in a browser signed in to the app (the seller's side), which may not answer for
 * the customer; the page says so instead of offering Accept and Decline.
 */
function viewOf(link: LiveLink, today: string, signedIn = false): SharedQuoteView {
  const q = link.quote;
  const open = refusalOf(link, today) === null;
  const current = q.revision === link.revision;
  // An answer belongs to the revision it was given for; an old link never shows a newer revision's answer.
  const a = q.acceptance && q.acceptance.revision === link.revision ? q.acceptance : null;
  return {
    ...link.frozen.view,
    ...snapshotParts(link.frozen.pdf.quote),
    status: q.status,
    validUntil: q.validUntil,
    expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(),
    expired: q.validUntil < today,
    acceptance: a && { name: a.name, email: a.email, at: a.at, revision: a.revision, fingerprint: a.fingerprint ?? null },
    decline: current ? q.decline : null,
    current,
    canRespond: open && !signedIn,
    notice: open && signedIn ? shareMessages.signedIn : noticeOf(link, today),
    statement: acceptanceStatement(link.frozen.view),
  };
}

/**
 * A reading by the seller's side (the quote's owner, an admin) is a preview: it is neither a view nor the customer's
 * first opening.
 */
const isCustomer = (link: LiveLink, viewer: { id: number; isAdmin: boolean } | null) =>
  viewer === null || (viewer.id !== link.quote.userId && !viewer.isAdmin);

/** GET /api/shared/{token}. Each reading by the customer is counted; the first of each link is an audit entry. */
export async function sharedView(db: Db, clock: Clock, token: string, viewer: { id: number; isAdmin: boolean } | null): Promise<SharedQuoteView> {
  return transaction(db, () => {
    const link = liveLink(db, clock, token);
    if (isCustomer(link, viewer)) {
      const now = clock.now();
      db.update(configurations)
        .set({
          viewCount: sql`${configurations.viewCount} + 1`,
          firstViewedAt: sql`coalesce(${configurations.firstViewedAt}, ${now.getTime()})`,
          lastViewedAt: now,
        })
        .where(eq(configurations.id, link.configurationId))
        .run();
      if (link.openedAt === null) {
        db.update(quoteShares).set({ openedAt: now }).where(eq(quoteShares.tokenHash, link.tokenHash)).run();
        recordAudit(
          db,
          clock,
          { customer: 'Customer' },
          { entity: 'quote', entityId: link.configurationId, action: 'opened', after: { revision: link.revision } },
        );
      }
    }
    return viewOf(link, todayOf(clock), viewer !== null);
  });
}

/**
 * The document a link prints: the same as the owner's PDF of that revision (with its live status and validity, and
 * the Accepted block once accepted), from the snapshot the link was made with.
 */
export function linkDocument(link: LiveLink, today: string): QuotePdfData {
  const { frozen, quote: q } = link;
  const view = viewOf(link, today);
  return savedDocument({
    number: frozen.pdf.number,
    date: new Date(frozen.pdf.date),
    preparedBy: frozen.pdf.preparedBy,
    seller: view.seller,
    terms: view.terms,
    quote: frozen.pdf.quote,
    life: {
      revision: link.revision,
      status: view.current ? q.status : 'changed',
      expired: view.expired && (q.status === 'draft' || q.status === 'sent'),
      validUntil: q.validUntil,
      preparedFor: frozen.view.preparedFor,
      acceptance: view.acceptance && q.acceptance,
    },
  });
}

/** GET /api/shared/{token}/pdf. */
export async function sharedPdfData(db: Db, clock: Clock, token: string): Promise<QuotePdfData> {
  return linkDocument(liveLink(db, clock, token), todayOf(clock));
}

/** Only a sent quote whose validity has not passed can be answered; and only at the revision the link shows. */
function assertOpen(link: LiveLink, today: string): void {
  const refusal = refusalOf(link, today);
  if (refusal !== null) throw new ConflictError(refusal);
}

/** The SHA-256 (hex) of a stored snapshot in its canonical JSON form: anyone holding the snapshot can recompute it. */
export function snapshotFingerprint(snapshot: unknown): string {
  return createHash('sha256').update(canonicalJson(snapshot), 'utf8').digest('hex');
}

interface AnswerContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  address: string;
}

/** Owes, in the answer's transaction, the owner's mail on it: which revision, and its monthly total and contract value. */
function tellOwner(
  ctx: AnswerContext,
  link: LiveLink,
  answer: { kind: 'accepted' | 'declined'; at: string },
  customer: string,
  reason: string | null,
): void {
  const owner = ctx.db.select().from(users).where(eq(users.id, link.quote.userId)).get();
  if (!owner) return;
  const v = link.frozen.view;
  const mail = quoteAnswerMail({
    answer: answer.kind,
    ownerName: creatorName(owner),
    number: v.number,
    title: quoteTitle(v.packageName, v.preparedFor),
    revision: link.revision,
    totalMonthly: v.totalMonthly,
    tcv: v.tcv,
    customer,
    reason,
    at: answer.at,
    quoteUrl: `${ctx.config.appUrl}/calculator/${link.configurationId}`,
  });
  const kind = answer.kind === 'accepted' ? 'quote_accepted' : 'quote_declined';
  oweMail(ctx.db, ctx.clock, `${kind}:${link.configurationId}:${link.revision}:${answer.at}`, {
    kind,
    mail: { type: kind, to: owner.email, userId: owner.id, ...mail, metadata: { quoteNumber: v.number, revision: link.revision } },
  });
}

/** Owes, in the acceptance's transaction, the customer's copy of it: a confirmation with the accepted PDF attached. */
function confirmToCustomer(ctx: AnswerContext, link: LiveLink, acceptance: QuoteAcceptance): void {
  const data = linkDocument({ ...link, quote: { ...link.quote, status: 'accepted', acceptance } }, todayOf(ctx.clock));
  const v = link.frozen.view;
  oweMail(ctx.db, ctx.clock, `quote_acceptance_confirmation:${link.configurationId}:${link.revision}`, {
    kind: 'quote_acceptance_confirmation',
    mail: {
      type: 'quote_acceptance_confirmation',
      to: acceptance.email,
      userId: null,
      fromName: v.seller.name,
      replyTo: v.preparedBy.email ?? undefined,
      ...quoteConfirmationMail({ quote: v, acceptance }),
      metadata: { quoteNumber: v.number, revision: link.revision },
    },
    pdf: { fileName: data.fileName, document: data.document },
  });
}

/**
 * POST /api/shared/{token}/accept: once, for a sent, unexpired quote still at the link's revision, with the customer's
 * consent to the statement shown. The acceptance records the evidence; the owner's notice and the customer's copy are
 * owed in the same transaction (owed-mail.ts).
 */
export async function acceptShared(ctx: AnswerContext, input: AcceptInput): Promise<SharedQuoteView> {
  const { db, clock } = ctx;
  transaction(db, () => {
    const l = liveLink(db, clock, input.token);
    assertOpen(l, todayOf(clock));
    // The revision is the link's (assertOpen), so the row's figures and snapshot are exactly what the customer saw.
    const row = db
      .select({
        totalMonthly: configurations.totalMonthly,
        setupFees: configurations.setupFees,
        tcv: configurations.tcv,
        snapshot: configurations.snapshot,
      })
      .from(configurations)
      .where(eq(configurations.id, l.configurationId))
      .get();
    if (!row) throw linkNotFound();
    const a: QuoteAcceptance = {
      name: input.name,
      email: input.email,
      at: clock.now().toISOString(),
      revision: l.revision,
      address: ctx.address,
      totalMonthly: formatMoney(row.totalMonthly),
      setupFees: formatMoney(row.setupFees),
      tcv: formatMoney(row.tcv),
      statement: acceptanceStatement(l.frozen.view),
      fingerprint: snapshotFingerprint(row.snapshot),
    };
    db.update(configurations)
      .set({ status: 'accepted', acceptance: a, updatedAt: clock.now() })
      .where(eq(configurations.id, l.configurationId))
      .run();
    recordAudit(
      db,
      clock,
      { customer: `${input.name} (customer)` },
      {
        entity: 'quote',
        entityId: l.configurationId,
        action: 'accepted',
        before: { status: 'sent' },
        after: { status: 'accepted', ...a },
      },
    );
    tellOwner(ctx, l, { kind: 'accepted', at: a.at }, `${input.name} <${input.email}>`, null);
    confirmToCustomer(ctx, l, a);
  });
  return viewOf(liveLink(db, clock, input.token), todayOf(clock));
}

/** POST /api/shared/{token}/decline: the same rule as accept, with an optional reason; the owner is told. */
export async function declineShared(ctx: AnswerContext, input: DeclineInput): Promise<SharedQuoteView> {
  const { db, clock } = ctx;
  const reason = input.reason ? input.reason : null;
  transaction(db, () => {
    const l = liveLink(db, clock, input.token);
    assertOpen(l, todayOf(clock));
    const decline: QuoteDecline = { at: clock.now().toISOString(), reason };
    db.update(configurations).set({ status: 'declined', decline, updatedAt: clock.now() }).where(eq(configurations.id, l.configurationId)).run();
    recordAudit(
      db,
      clock,
      { customer: 'Customer' },
      {
        entity: 'quote',
        entityId: l.configurationId,
        action: 'declined',
        before: { status: 'sent' },
        after: { status: 'declined', reason, revision: l.revision },
      },
    );
    tellOwner(ctx, l, { kind: 'declined', at: decline.at }, 'Your customer', reason);
  });
  return viewOf(liveLink(db, clock, input.token), todayOf(clock));
}
