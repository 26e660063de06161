// Share links and the customer's answers (CONTRACT §7). A link is a random token (160 bits) of which only the SHA-256
// is stored; it shows the quote as it was when shared (the frozen `view`), with its live status, until the end of
// the quote's current validUntil in Europe/Amsterdam. Every path that does not find a live link throws the same 404.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { configurations, quoteShares, users, type QuoteAcceptance, type QuoteDecline } from '../../../db/schema';
import type { BreakdownLineJson } from '../../shared/pricing';
import { endOfAmsterdamDay } from '../../shared/quote-dates';
import { configurationMessages } from '../../shared/schemas/configuration';
import { shareMessages, type AcceptInput, type DeclineInput, type SharedLine, type SharedQuoteView } from '../../shared/schemas/share';
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
import type { QuotePdfData } from './quote-pdf';

/** The one answer for a token that is unknown, revoked or expired: nothing tells them apart. */
export const linkNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: shareMessages.linkInvalid });

/** What is frozen when a link is made: the customer's view without its live parts, and what its PDF prints. */
interface FrozenView {
  view: Omit<SharedQuoteView, 'status' | 'validUntil' | 'expiresAt' | 'expired' | 'acceptance' | 'decline' | 'canRespond'>;
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
export function liveShareOf(db: Db, clock: Clock, actor: Actor, id: number): { sharedAt: string; expiresAt: string; openedAt: string | null } | null {
  const q = getConfiguration(db, clock, actor, id);
  const s = db
    .select({ createdAt: quoteShares.createdAt, openedAt: quoteShares.openedAt })
    .from(quoteShares)
    .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
    .get();
  if (!s) return null;
  return { sharedAt: s.createdAt.toISOString(), expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(), openedAt: s.openedAt?.toISOString() ?? null };
}

type LiveLink = {
  tokenHash: string;
  configurationId: number;
  revision: number;
  frozen: FrozenView;
  openedAt: Date | null;
  quote: { userId: number; status: 'draft' | 'sent' | 'accepted' | 'declined'; validUntil: string; acceptance: QuoteAcceptance | null; decline: QuoteDecline | null; name: string; number: number };
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
      status: row.status,
      validUntil: row.validUntil,
      acceptance: row.acceptance ?? null,
      decline: row.decline ?? null,
      name: row.name,
      number: row.number,
    },
  };
}

function viewOf(link: LiveLink, today: string): SharedQuoteView {
  const q = link.quote;
  const expired = q.validUntil < today;
  return {
    ...link.frozen.view,
    status: q.status,
    validUntil: q.validUntil,
    expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(),
    expired,
    acceptance: q.acceptance && { name: q.acceptance.name, at: q.acceptance.at, revision: q.acceptance.revision },
    decline: q.decline,
    canRespond: q.status === 'sent' && !expired,
  };
}

/** GET /api/shared/{token}. The first reading by someone other than the quote's owner is recorded once. */
export function sharedView(db: Db, clock: Clock, token: string, viewer: { id: number } | null): SharedQuoteView {
  return transaction(db, () => {
    const link = liveLink(db, clock, token);
    if (link.openedAt === null && viewer?.id !== link.quote.userId) {
      const changed = db
        .update(quoteShares)
        .set({ openedAt: clock.now() })
        .where(and(eq(quoteShares.tokenHash, link.tokenHash), isNull(quoteShares.openedAt)))
        .run().changes;
      if (changed > 0) {
        recordAudit(db, clock, { customer: 'Customer' }, { entity: 'quote', entityId: link.configurationId, action: 'opened', after: { revision: link.revision } });
      }
    }
    return viewOf(link, todayOf(clock));
  });
}

/** GET /api/shared/{token}/pdf: the PDF of the quote as shared (the frozen snapshot). */
export function sharedPdfData(db: Db, clock: Clock, config: AppConfig, token: string): QuotePdfData {
  const { frozen } = liveLink(db, clock, token);
  const { fileName, header } = pdfContentDisposition(frozen.pdf.number, frozen.pdf.name);
  return {
    fileName,
    contentDisposition: header,
    document: { ...frozen.pdf, date: new Date(frozen.pdf.date), seller: config.companyName },
  };
}

/** Only a sent quote whose validity has not passed can be answered; and only the revision the link shows. */
function assertOpen(link: LiveLink, today: string): void {
  if (link.quote.validUntil < today) throw new TRPCError({ code: 'CONFLICT', message: shareMessages.expired });
  if (link.quote.status !== 'sent') throw new TRPCError({ code: 'CONFLICT', message: shareMessages.notOpen });
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

/** POST /api/shared/{token}/accept: once, for a sent, unexpired quote; the owner is told by mail. */
export function acceptShared(ctx: AnswerContext, input: AcceptInput): SharedQuoteView {
  const { db, clock } = ctx;
  const link = transaction(db, () => {
    const l = liveLink(db, clock, input.token);
    assertOpen(l, todayOf(clock));
    const acceptance: QuoteAcceptance = { name: input.name, email: input.email, at: clock.now().toISOString(), revision: l.revision, address: ctx.address };
    db.update(configurations).set({ status: 'accepted', acceptance, updatedAt: clock.now() }).where(eq(configurations.id, l.configurationId)).run();
    recordAudit(db, clock, { customer: `${input.name} (customer)` }, {
      entity: 'quote',
      entityId: l.configurationId,
      action: 'accepted',
      before: { status: 'sent' },
      after: { status: 'accepted', name: input.name, email: input.email, revision: l.revision },
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

