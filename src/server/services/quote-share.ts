// Share links and the customer's answers (docs/API.md "Share links"). A link is a random token (160 bits) of which only
// the SHA-256 is stored; it shows the quote as it was when shared (the frozen `view`), with its live status, until the
// end of the quote's current validUntil in Europe/Amsterdam. Every path that does not find a live link throws the
// same 404. A link answers for exactly the revision it shows: once the quote moves on, the customer can no longer
// accept or decline through it. An acceptance is kept as evidence: the figures and the sentence confirmed, and the
// fingerprint of the accepted revision's stored snapshot.
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { configurations, quoteShares, users, type QuoteAcceptance, type QuoteDecline } from '../../../db/schema';
import { canonicalJson } from '../../shared/canonical-json';
import { formatMoney } from '../../shared/money';
import type { BreakdownLineJson } from '../../shared/pricing';
import { endOfAmsterdamDay } from '../../shared/quote-dates';
import { configurationMessages } from '../../shared/schemas/configuration';
import { acceptanceStatement, shareMessages, type AcceptInput, type DeclineInput, type SharedLine, type SharedQuoteView } from '../../shared/schemas/share';
import { generateToken, hashToken } from '../auth/tokens';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import type { Mailer } from '../mail/types';
import { quoteAnswerMail } from '../mail/templates/quote-answer';
import { pdfContentDisposition } from '../pdf/format';
import { recordAudit } from './audit';
import { creatorName } from './configuration-rows';
import type { Actor, ConfigurationDetailDto } from './configuration-types';
import { getConfiguration, notFound, readableBy, todayOf } from './configurations';
import { customerDocument, type QuotePdfData } from './quote-pdf';

/** The one answer for a token that is unknown, revoked or expired: nothing tells them apart. */
export const linkNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: shareMessages.linkInvalid });

/** What is frozen when a link is made: the customer's view without its live parts, and what its PDF prints. */
interface FrozenView {
  view: Omit<SharedQuoteView, 'status' | 'validUntil' | 'expiresAt' | 'expired' | 'acceptance' | 'decline' | 'current' | 'canRespond' | 'notice' | 'statement'>;
  pdf: { number: string; name: string; date: string; preparedBy: { name: string; company: string }; quote: ConfigurationDetailDto['snapshot'] };
}

function linesOf(breakdowns: BreakdownLineJson[]): SharedLine[] {
  return breakdowns.map((b) => ({
    kind: b.kind,
    period: b.period,
    label: b.label,
    quantity: b.quantity,
    unitPrice: b.unitPrice,
    amount: b.amount.toFixed(2),
    waived: b.waived === true,
  }));
}

function freeze(db: Db, config: AppConfig, q: ConfigurationDetailDto): FrozenView {
  const owner = db.select({ companyName: users.companyName }).from(users).where(eq(users.id, q.userId)).get();
  const pricedAt = new Date(q.snapshot.pricedAt);
  return {
    view: {
      number: q.number,
      name: q.name,
      revision: q.revision,
      totalMonthly: q.totalMonthly,
      setupFees: q.setupFees,
      tcv: q.tcv,
      contractDuration: q.contractDuration,
      paymentFrequency: q.paymentFrequency,
      seller: config.companyName,
      preparedBy: { name: q.createdBy },
      preparedFor: { company: q.customerCompany, name: q.customerName, email: q.customerEmail },
      lines: linesOf(q.snapshot.breakdowns),
    },
    pdf: {
      number: q.number,
      name: q.name,
      date: (Number.isNaN(pricedAt.getTime()) ? new Date(q.updatedAt) : pricedAt).toISOString(),
      preparedBy: { name: q.createdBy, company: owner?.companyName ?? '' },
      quote: q.snapshot,
    },
  };
}

const shareUrl = (config: AppConfig, token: string) => `${config.appUrl}/q/${token}`;

/** POST /api/configurations/{id}/share (owner or admin): a new link (the old one revoked); a draft becomes sent. */
export function shareQuote(db: Db, clock: Clock, config: AppConfig, actor: Actor, id: number): { url: string; expiresAt: string } {
  const token = generateToken();
  const validUntil = transaction(db, () => {
    const row = db
      .select({ status: configurations.status, validUntil: configurations.validUntil })
      .from(configurations)
      .where(and(eq(configurations.id, id), readableBy(actor)))
      .get();
    if (!row) throw notFound();
    if (row.validUntil < todayOf(clock)) throw new TRPCError({ code: 'CONFLICT', message: configurationMessages.shareExpired });
    const now = clock.now();
    const by = { userId: actor.id };
    if (row.status === 'draft') {
      db.update(configurations).set({ status: 'sent', updatedAt: now }).where(eq(configurations.id, id)).run();
      recordAudit(db, clock, by, { entity: 'quote', entityId: id, action: 'status_changed', before: { status: 'draft' }, after: { status: 'sent' } });
    }
    const revoked = db
      .update(quoteShares)
      .set({ revokedAt: now })
      .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
      .run().changes;
    const quote = getConfiguration(db, clock, actor, id);
    db.insert(quoteShares)
      .values({ tokenHash: hashToken(token), configurationId: id, revision: quote.revision, view: freeze(db, config, quote), createdAt: now, createdBy: actor.id })
      .run();
    recordAudit(db, clock, by, { entity: 'quote', entityId: id, action: 'shared', after: { revision: quote.revision, replacedLink: revoked > 0 } });
    return row.validUntil;
  });
  return { url: shareUrl(config, token), expiresAt: endOfAmsterdamDay(validUntil).toISOString() };
}

/** DELETE /api/configurations/{id}/share: 204; 404 when the quote has no live link. */
export function revokeShare(db: Db, clock: Clock, actor: Actor, id: number): void {
  transaction(db, () => {
    const row = db.select({ id: configurations.id }).from(configurations).where(and(eq(configurations.id, id), readableBy(actor))).get();
    if (!row) throw notFound();
    const revoked = db
      .update(quoteShares)
      .set({ revokedAt: clock.now() })
      .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
      .run().changes;
    if (revoked === 0) throw new TRPCError({ code: 'NOT_FOUND', message: shareMessages.noLink });
    recordAudit(db, clock, { userId: actor.id }, { entity: 'quote', entityId: id, action: 'link_revoked' });
  });
}

/** The live link of a quote, for its owner's dialog: when it ends (its token is not kept, so not its URL). */
export function liveShareOf(
  db: Db,
  clock: Clock,
  actor: Actor,
  id: number,
): { sharedAt: string; expiresAt: string; openedAt: string | null; revision: number } | null {
  const q = getConfiguration(db, clock, actor, id);
  const s = db
    .select({ createdAt: quoteShares.createdAt, openedAt: quoteShares.openedAt, revision: quoteShares.revision })
    .from(quoteShares)
    .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
    .get();
  if (!s) return null;
  return { sharedAt: s.createdAt.toISOString(), expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(), openedAt: s.openedAt?.toISOString() ?? null, revision: s.revision };
}

type LiveLink = {
  tokenHash: string;
  configurationId: number;
  revision: number;
  frozen: FrozenView;
  openedAt: Date | null;
  quote: {
    userId: number;
    /** The quote's current revision: the link still answers for the quote only while this equals the link's. */
    revision: number;
    status: 'draft' | 'sent' | 'accepted' | 'declined';
    validUntil: string;
    acceptance: QuoteAcceptance | null;
    decline: QuoteDecline | null;
    name: string;
    number: number;
  };
};

/**
 * The live link of a token, or the one 404. The token's form is not checked first: every token costs one hash and
 * one primary-key lookup, so a guess takes as long as a revoked link.
 */
function liveLink(db: Db, clock: Clock, token: string): LiveLink {
  const row = db
    .select({
      tokenHash: quoteShares.tokenHash,
      configurationId: quoteShares.configurationId,
      revision: quoteShares.revision,
      view: quoteShares.view,
      revokedAt: quoteShares.revokedAt,
      openedAt: quoteShares.openedAt,
      userId: configurations.userId,
      quoteRevision: configurations.revision,
      status: configurations.status,
      validUntil: configurations.validUntil,
      acceptance: configurations.acceptance,
      decline: configurations.decline,
      name: configurations.name,
      number: configurations.number,
    })
    .from(quoteShares)
    .innerJoin(configurations, eq(configurations.id, quoteShares.configurationId))
    .where(eq(quoteShares.tokenHash, hashToken(token)))
    .get();
  if (!row || row.revokedAt !== null || clock.now() >= endOfAmsterdamDay(row.validUntil)) throw linkNotFound();
  return {
    tokenHash: row.tokenHash,
    configurationId: row.configurationId,
    revision: row.revision,
    frozen: row.view as FrozenView,
    openedAt: row.openedAt,
    quote: {
      userId: row.userId,
      revision: row.quoteRevision,
      status: row.status,
      validUntil: row.validUntil,
      acceptance: row.acceptance ?? null,
      decline: row.decline ?? null,
      name: row.name,
      number: row.number,
    },
  };
}

/** Whether the customer may answer through this link, and if not, the 409's message: one rule for the view and the answer. */
function refusalOf(link: LiveLink, today: string): string | null {
  const q = link.quote;
  if (q.revision !== link.revision) return shareMessages.changed;
  if (q.status !== 'sent') return shareMessages.notOpen;
  if (q.validUntil < today) return shareMessages.expired;
  return null;
}

/** What the customer's page says instead of Accept and Decline; null while they can answer. */
function noticeOf(link: LiveLink, today: string): string | null {
  const q = link.quote;
  const seller = link.frozen.view.seller;
  if (q.revision !== link.revision) return `${shareMessages.changed}. ${seller} will send you the new version.`;
  if (q.status === 'accepted') return 'This quote has been accepted.';
  if (q.status === 'declined') return 'This quote has been declined.';
  if (q.status === 'draft') return `${seller} is revising this quote and will send you the new version.`;
  if (q.validUntil < today) return `${shareMessages.expired}. Please ask ${seller} for a new quote.`;
  return null;
}

function viewOf(link: LiveLink, today: string): SharedQuoteView {
  const q = link.quote;
  const current = q.revision === link.revision;
  // An answer belongs to the revision it was given for; an old link never shows a newer revision's answer.
  const a = q.acceptance && q.acceptance.revision === link.revision ? q.acceptance : null;
  return {
    ...link.frozen.view,
    status: q.status,
    validUntil: q.validUntil,
    expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(),
    expired: q.validUntil < today,
    acceptance: a && { name: a.name, email: a.email, at: a.at, revision: a.revision, fingerprint: a.fingerprint ?? null },
    decline: current ? q.decline : null,
    current,
    canRespond: refusalOf(link, today) === null,
    notice: noticeOf(link, today),
    statement: acceptanceStatement(link.frozen.view),
  };
}

/**
 * A reading by the seller's side (the quote's owner, an admin) is a preview: it is neither a view nor the customer's
 * first opening.
 */
const isCustomer = (link: LiveLink, viewer: { id: number; isAdmin: boolean } | null) => viewer === null || (viewer.id !== link.quote.userId && !viewer.isAdmin);

/** GET /api/shared/{token}. Each reading by the customer is counted; the first of each link is an audit entry. */
export function sharedView(db: Db, clock: Clock, token: string, viewer: { id: number; isAdmin: boolean } | null): SharedQuoteView {
  return transaction(db, () => {
    const link = liveLink(db, clock, token);
    if (isCustomer(link, viewer)) {
      const now = clock.now();
      db.update(configurations)
        .set({ viewCount: sql`${configurations.viewCount} + 1`, firstViewedAt: sql`coalesce(${configurations.firstViewedAt}, ${now.getTime()})`, lastViewedAt: now })
        .where(eq(configurations.id, link.configurationId))
        .run();
      if (link.openedAt === null) {
        db.update(quoteShares).set({ openedAt: now }).where(eq(quoteShares.tokenHash, link.tokenHash)).run();
        recordAudit(db, clock, { customer: 'Customer' }, { entity: 'quote', entityId: link.configurationId, action: 'opened', after: { revision: link.revision } });
      }
    }
    return viewOf(link, todayOf(clock));
  });
}

/**
 * GET /api/shared/{token}/pdf: the same document the owner's PDF of that revision is (with its live status and
 * validity, and the Accepted block once accepted), printed from the snapshot the link was made with.
 */
export function sharedPdfData(db: Db, clock: Clock, token: string): QuotePdfData {
  const link = liveLink(db, clock, token);
  const { frozen, quote: q } = link;
  const view = viewOf(link, todayOf(clock));
  return customerDocument({
    number: frozen.pdf.number,
    name: frozen.pdf.name,
    date: new Date(frozen.pdf.date),
    preparedBy: frozen.pdf.preparedBy,
    seller: frozen.view.seller,
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

/** Only a sent quote whose validity has not passed can be answered; and only at the revision the link shows. */
function assertOpen(link: LiveLink, today: string): void {
  const refusal = refusalOf(link, today);
  if (refusal !== null) throw new TRPCError({ code: 'CONFLICT', message: refusal });
}

/** The SHA-256 (hex) of a stored snapshot in its canonical JSON form: anyone holding the snapshot can recompute it. */
export function snapshotFingerprint(snapshot: unknown): string {
  return createHash('sha256').update(canonicalJson(snapshot), 'utf8').digest('hex');
}

interface AnswerContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  address: string;
}

function tellOwner(ctx: AnswerContext, link: LiveLink, answer: 'accepted' | 'declined', customer: string, reason: string | null): void {
  const owner = ctx.db.select().from(users).where(eq(users.id, link.quote.userId)).get();
  if (!owner) return;
  const number = link.frozen.view.number;
  const mail = quoteAnswerMail({
    answer,
    ownerName: creatorName(owner),
    number,
    quoteName: link.quote.name,
    revision: link.revision,
    customer,
    reason,
    quoteUrl: `${ctx.config.appUrl}/calculator/${link.configurationId}`,
  });
  void ctx.mailer.send({
    type: answer === 'accepted' ? 'quote_accepted' : 'quote_declined',
    to: owner.email,
    userId: owner.id,
    ...mail,
    metadata: { quoteNumber: number, revision: link.revision },
  });
}

/**
 * POST /api/shared/{token}/accept: once, for a sent, unexpired quote still at the link's revision, with the customer's
 * consent to the statement shown. The acceptance records the evidence; the owner is told by mail.
 */
export function acceptShared(ctx: AnswerContext, input: AcceptInput): SharedQuoteView {
  const { db, clock } = ctx;
  const link = transaction(db, () => {
    const l = liveLink(db, clock, input.token);
    assertOpen(l, todayOf(clock));
    // The revision is the link's (assertOpen), so the row's figures and snapshot are exactly what the customer saw.
    const row = db
      .select({ totalMonthly: configurations.totalMonthly, setupFees: configurations.setupFees, tcv: configurations.tcv, snapshot: configurations.snapshot })
      .from(configurations)
      .where(eq(configurations.id, l.configurationId))
      .get();
    if (!row) throw linkNotFound();
    const acceptance: QuoteAcceptance = {
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
    db.update(configurations).set({ status: 'accepted', acceptance, updatedAt: clock.now() }).where(eq(configurations.id, l.configurationId)).run();
    recordAudit(db, clock, { customer: `${input.name} (customer)` }, {
      entity: 'quote',
      entityId: l.configurationId,
      action: 'accepted',
      before: { status: 'sent' },
      after: { status: 'accepted', ...acceptance },
    });
    return l;
  });
  tellOwner(ctx, link, 'accepted', `${input.name} <${input.email}>`, null);
  return viewOf(liveLink(db, clock, input.token), todayOf(clock));
}

/** POST /api/shared/{token}/decline: for a sent, unexpired quote, with an optional reason; the owner is told. */
export function declineShared(ctx: AnswerContext, input: DeclineInput): SharedQuoteView {
  const { db, clock } = ctx;
  const reason = input.reason ? input.reason : null;
  const link = transaction(db, () => {
    const l = liveLink(db, clock, input.token);
    assertOpen(l, todayOf(clock));
    const decline: QuoteDecline = { at: clock.now().toISOString(), reason };
    db.update(configurations).set({ status: 'declined', decline, updatedAt: clock.now() }).where(eq(configurations.id, l.configurationId)).run();
    recordAudit(db, clock, { customer: 'Customer' }, {
      entity: 'quote',
      entityId: l.configurationId,
      action: 'declined',
      before: { status: 'sent' },
      after: { status: 'declined', reason, revision: l.revision },
    });
    return l;
  });
  tellOwner(ctx, link, 'declined', 'Your customer', reason);
  return viewOf(liveLink(db, clock, input.token), todayOf(clock));
}

