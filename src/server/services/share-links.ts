// The owner's side of share links (docs/API.md "Share links"): make one (the old one revoked; a draft becomes sent),
// revoke it, read it back. A link's token is derived from the server's secret and the link's own random value
// (`nonce`), and only the token's SHA-256 is stored: the owner can copy a live link again at any time, while the
// database alone yields no working link. What the customer will see is frozen into the link when it is made.
import { ConflictError, NotFoundError } from '../errors';
import { createHmac, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, isNull } from 'drizzle-orm';
import { quoteShares } from '../../../db/schema';
import type { QuoteResultJson } from '../../shared/schemas/quote-result';
import { isShownLine, lineDescription, lineDetail } from '../../shared/quote-lines';
import { endOfAmsterdamDay } from '../../shared/quote-dates';
import { configurationMessages } from '../../shared/schemas/configuration';
import { shareMessages, type SharedLine, type SharedQuoteView } from '../../shared/schemas/share';
import type { LiveShare } from '../../shared/schemas/share';
import { hashToken } from '../auth/tokens';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { appSecretOf } from '../secret';
import { recordAudit } from './audit';
import { savedDocumentParts } from './quote-pdf';
import type { Actor } from '../auth/session';
import type { ConfigurationDetailDto } from '../../shared/schemas/configuration-output';
import { assertMeetsMinimum, readableConfiguration, moveStatus, readableStatusOf, todayOf } from './configurations';
import { catalogSnapshot } from './catalog-cache';

/** What is frozen when a link is made: the customer's view without its live parts, and what its PDF prints. */
export interface FrozenView {
  view: Omit<SharedQuoteView, LiveParts | SnapshotParts>;
  pdf: { number: string; date: string; preparedBy: { name: string; company: string; email?: string }; quote: ConfigurationDetailDto['snapshot'] };
}

/** What the customer's view says of the link's quote at every reading, besides what was frozen: its answer and state. */
type LiveParts = 'status' | 'validUntil' | 'expiresAt' | 'expired' | 'acceptance' | 'decline' | 'current' | 'canRespond' | 'notice' | 'statement';
/** What the view reads from the link's snapshot at every reading, so a link made earlier says it as the PDF does. */
type SnapshotParts = 'lines' | 'paidMonths' | 'freeMonths' | 'contractMonths';

/** The lines the PDF prints, as the page shows them (src/shared/quote-lines.ts): named and described alike. */
export function snapshotParts(q: QuoteResultJson): Pick<SharedQuoteView, SnapshotParts> {
  const lines: SharedLine[] = q.breakdowns.filter(isShownLine).map((b) => ({
    kind: b.kind,
    period: b.period,
    label: lineDescription(q, b),
    detail: lineDetail(q, b) ?? null,
    quantity: b.quantity,
    unitPrice: b.unitPrice,
    amount: b.amount.toFixed(2),
    waived: b.waived === true,
  }));
  return { lines, paidMonths: q.paidMonths, freeMonths: q.freeMonths, contractMonths: q.contractMonths };
}

/** The customer's view of the quote as it is now, with the seller as it is now: what a new link freezes. */
export function freeze(db: Db, config: AppConfig, q: ConfigurationDetailDto): FrozenView {
  const { date, preparedBy, seller, terms } = savedDocumentParts(db, config, q);
  return {
    view: {
      number: q.number,
      revision: q.revision,
      packageName: q.packageName,
      totalMonthly: q.totalMonthly,
      setupFees: q.setupFees,
      tcv: q.tcv,
      contractDuration: q.contractDuration,
      paymentFrequency: q.paymentFrequency,
      // The seller's own fields only: the parts' seller is the Company record, terms included.
      seller: { name: seller.name, address: seller.address, email: seller.email, phone: seller.phone, vatNumber: seller.vatNumber },
      terms,
      preparedBy: { name: preparedBy.name, email: preparedBy.email ?? null },
      preparedFor: { company: q.customerCompany, name: q.customerName, email: q.customerEmail },
    },
    pdf: { number: q.number, date: date.toISOString(), preparedBy, quote: q.snapshot },
  };
}

/** The link's token: 160 bits of HMAC-SHA256 over its nonce, under the server's secret (base32, as before). */
export function tokenOf(config: Pick<AppConfig, 'appSecret' | 'databasePath'>, nonce: string): string {
  const mac = createHmac('sha256', appSecretOf(config)).update(`share-link:${nonce}`).digest();
  return encodeBase32LowerCaseNoPadding(mac.subarray(0, 20));
}

export const shareUrl = (config: AppConfig, token: string) => `${config.appUrl}/q/${token}`;

export interface MadeLink {
  token: string;
  url: string;
  expiresAt: string;
  revision: number;
}

/** Revokes the quote's live link, if it has one (a quote has at most one); answers how many were revoked. */
function revokeLiveLink(db: Db, id: number, now: Date): number {
  return db
    .update(quoteShares)
    .set({ revokedAt: now })
    .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
    .run().changes;
}

/** A new link for the quote as it is now (the live one revoked); a draft becomes sent. Call inside a transaction. */
export function makeLink(db: Db, clock: Clock, config: AppConfig, actor: Actor, id: number): MadeLink {
  const row = readableStatusOf(db, actor, id);
  if (row.validUntil < todayOf(clock)) throw new ConflictError(configurationMessages.shareExpired);
  const now = clock.now();
  // A draft handed to its customer (a link made, or mailed) is sent.
  if (row.status === 'draft') moveStatus(db, clock, actor, id, 'draft', 'sent');
  const revoked = revokeLiveLink(db, id, now);
  const quote = readableConfiguration(db, clock, actor, id);
  assertMeetsMinimum(catalogSnapshot(db).pricing, quote);
  const nonce = encodeBase32LowerCaseNoPadding(randomBytes(20));
  const token = tokenOf(config, nonce);
  db.insert(quoteShares)
    .values({
      tokenHash: hashToken(token),
      nonce,
      configurationId: id,
      revision: quote.revision,
      view: freeze(db, config, quote),
      createdAt: now,
      createdBy: actor.id,
    })
    .run();
  recordAudit(
    db,
    clock,
    { userId: actor.id },
    { entity: 'quote', entityId: id, action: 'shared', after: { revision: quote.revision, replacedLink: revoked > 0 } },
  );
  return { token, url: shareUrl(config, token), expiresAt: endOfAmsterdamDay(row.validUntil).toISOString(), revision: quote.revision };
}

/** POST /api/configurations/{id}/share (owner or admin): a new link (the old one revoked); a draft becomes sent. */
export async function shareQuote(db: Db, clock: Clock, config: AppConfig, actor: Actor, id: number): Promise<{ url: string; expiresAt: string }> {
  const link = transaction(db, () => makeLink(db, clock, config, actor, id));
  return { url: link.url, expiresAt: link.expiresAt };
}

/** DELETE /api/configurations/{id}/share: 204; 404 when the quote has no live link. */
export async function revokeShare(db: Db, clock: Clock, actor: Actor, id: number): Promise<void> {
  transaction(db, () => {
    readableStatusOf(db, actor, id);
    if (revokeLiveLink(db, id, clock.now()) === 0) throw new NotFoundError(shareMessages.noLink);
    recordAudit(db, clock, { userId: actor.id }, { entity: 'quote', entityId: id, action: 'link_revoked' });
  });
}

/** The live link of a quote, for its owner (the share and send dialogs); null when there is none. */
export async function liveShareOf(db: Db, config: AppConfig, actor: Actor, id: number): Promise<LiveShare | null> {
  const q = readableStatusOf(db, actor, id);
  const s = db
    .select({
      createdAt: quoteShares.createdAt,
      openedAt: quoteShares.openedAt,
      revision: quoteShares.revision,
      nonce: quoteShares.nonce,
      sentTo: quoteShares.sentTo,
    })
    .from(quoteShares)
    .where(and(eq(quoteShares.configurationId, id), isNull(quoteShares.revokedAt)))
    .get();
  if (!s) return null;
  return {
    url: s.nonce === null ? null : shareUrl(config, tokenOf(config, s.nonce)),
    sharedAt: s.createdAt.toISOString(),
    expiresAt: endOfAmsterdamDay(q.validUntil).toISOString(),
    openedAt: s.openedAt?.toISOString() ?? null,
    revision: s.revision,
    sentTo: s.sentTo,
  };
}

/** GET /api/configurations/{id}/share: `{ url, expiresAt, revision }` of the live link; 404 when there is none. */
export async function liveLinkOf(
  db: Db,
  config: AppConfig,
  actor: Actor,
  id: number,
): Promise<{ url: string | null; expiresAt: string; revision: number }> {
  const live = await liveShareOf(db, config, actor, id);
  if (!live) throw new NotFoundError(shareMessages.noLink);
  return { url: live.url, expiresAt: live.expiresAt, revision: live.revision };
}
