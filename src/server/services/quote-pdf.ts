// What a quote PDF shows, and its file name. A saved quote: the stored snapshot exactly as priced when it was saved
// (never priced again, never figures from the client). An unsaved quote: the form priced now with the shared engine.
import type { z } from 'zod';
import { InvalidInputError } from '../errors';
import type { quotePdfDataOutput } from '../../shared/schemas/quote-pdf';
import { eq } from 'drizzle-orm';
import { users, type QuoteAcceptance } from '../../../db/schema';
import { quoteResultToJson } from '../../shared/pricing';
import type { QuoteResultJson } from '../../shared/schemas/quote-result';
import type { QuoteFormInput } from '../../shared/pricing/types';
import { CONFIGURATION_NAME_MAX, configurationMessages, MAX_CUSTOM_ITEMS } from '../../shared/schemas/configuration';
import type { AppConfig } from '../config';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { formatAmsterdamTime } from '../../shared/format';
import { DRAFT_NUMBER, pdfContentDisposition } from '../pdf/format';
import type { QuoteStatus } from '../../shared/value-sets';
import { QUOTE_STATUS_LABELS } from '../../shared/labels';
import type { QuoteDocumentData } from '../pdf/quote-document';
import { documentQuote } from '../pdf/document-quote';
import { quoteTitle, type SharedSeller } from '../../shared/schemas/share';
import { getCompany } from './company';
import { creatorName } from './configuration-rows';
import type { Actor } from '../auth/session';
import type { ConfigurationDetailDto } from '../../shared/schemas/configuration-output';
import { readableConfiguration } from './configurations';
import { priceQuote } from './quote';

export type QuotePdfData = z.infer<typeof quotePdfDataOutput>;

export const DRAFT_NAME = 'Unsaved quote';

const STATUS_LABEL = {
  ...QUOTE_STATUS_LABELS,
  changed: 'Replaced by a newer revision',
} as const;

/** A document with its file name; its quote as every document holds it (pdf/document-quote.ts). */
function withFileName({ quote, ...rest }: Omit<QuoteDocumentData, 'quote'> & { quote: QuoteResultJson }): QuotePdfData {
  const { fileName, header } = pdfContentDisposition(rest.number, rest.name);
  return { fileName, contentDisposition: header, document: { ...rest, quote: documentQuote(quote) } };
}

/** A saved quote's life as one document prints it, for the owner and for the customer alike. */
interface DocumentLife {
  revision: number;
  /** 'changed': a customer's link whose quote has moved on to a newer revision. */
  status: QuoteStatus | 'changed';
  expired: boolean;
  validUntil: string;
  preparedFor: { company: string | null; name: string | null; email: string | null };
  acceptance: QuoteAcceptance | null;
}

interface SavedDocument extends Omit<QuoteDocumentData, 'life' | 'name' | 'seller' | 'sellerLines' | 'terms' | 'quote'> {
  quote: QuoteResultJson;
  seller: SharedSeller;
  terms: string | null;
  life: DocumentLife;
}

/** The seller's details under its name, in two lines: the address, then email, phone and VAT number, those given. */
function sellerLines(s: SharedSeller): string[] {
  const given = (parts: (string | null | undefined)[]) => parts.map((v) => v?.trim()).filter((v): v is string => !!v);
  const address = given(s.address?.split('\n') ?? []).join(', ');
  const contact = given([s.email, s.phone, s.vatNumber && `VAT ${s.vatNumber}`]).join(' · ');
  return given([address, contact]);
}

/** The one document of a saved quote: the owner's PDF and the customer's are this, from the same snapshot. */
export function savedDocument(d: SavedDocument): QuotePdfData {
  const { life } = d;
  const a = life.acceptance;
  return withFileName({
    ...d,
    // The customer knows the quote by its number, package and their own name, never by its internal name.
    name: quoteTitle(d.quote.packageName, life.preparedFor),
    seller: d.seller.name,
    sellerLines: sellerLines(d.seller),
    terms: d.terms,
    life: {
      revision: life.revision,
      status: STATUS_LABEL[life.expired ? 'expired' : life.status],
      validUntil: life.validUntil,
      preparedFor: [life.preparedFor.company, life.preparedFor.name, life.preparedFor.email].filter((v): v is string => !!v),
      accepted: a && {
        by: `${a.name} (${a.email})`,
        at: formatAmsterdamTime(a.at),
        revision: a.revision,
        fingerprint: a.fingerprint ?? null,
      },
    },
  });
}

/**
 * A saved quote's document apart from its life, as of now: its number and snapshot, the day it was priced, the owner
 * as the customer's contact, the seller as the Company tab has it. The owner's PDF reads these when it prints; a share
 * link freezes them when it is made (share-links.ts freeze), so both print the same.
 */
export function savedDocumentParts(db: Db, config: Pick<AppConfig, 'companyName'>, c: ConfigurationDetailDto): Omit<SavedDocument, 'life'> {
  const owner = db.select({ email: users.email }).from(users).where(eq(users.id, c.userId)).get();
  const pricedAt = new Date(c.snapshot.pricedAt);
  const company = getCompany(db, config);
  return {
    number: c.number,
    date: Number.isNaN(pricedAt.getTime()) ? new Date(c.updatedAt) : pricedAt,
    preparedBy: { name: c.createdBy, company: '', email: owner?.email },
    seller: company,
    terms: company.terms,
    quote: c.snapshot,
  };
}

/** A saved configuration's PDF data; NOT_FOUND (as getConfiguration) when it is not the actor's and they are not admin. */
export async function savedQuotePdfData(db: Db, config: AppConfig, clock: Clock, actor: Actor, id: number): Promise<QuotePdfData> {
  const c = readableConfiguration(db, clock, actor, id);
  return savedDocument({
    ...savedDocumentParts(db, config, c),
    life: {
      revision: c.revision,
      status: c.status,
      expired: c.expired,
      validUntil: c.validUntil,
      preparedFor: { company: c.customerCompany, name: c.customerName, email: c.customerEmail },
      acceptance: c.status === 'accepted' ? c.acceptance : null,
    },
  });
}

const MAX_DESCRIPTION = 1000;

/**
 * The quote form is loose (the engine normalises anything), but a document is printed only for what could be saved:
 * at most MAX_CUSTOM_ITEMS custom items with names and descriptions of a saved configuration's length. So no request
 * can make the server lay out thousands of pages.
 */
function refuseWhatCannotBeSaved(items: { name: string; description: string }[]): void {
  const bad = (message: string) => new InvalidInputError(message);
  if (items.length > MAX_CUSTOM_ITEMS) throw bad(configurationMessages.tooManyCustomItems);
  if (items.some((i) => i.name.length > CONFIGURATION_NAME_MAX)) throw bad(configurationMessages.customItemNameTooLong);
  if (items.some((i) => i.description.length > MAX_DESCRIPTION)) throw bad(configurationMessages.customItemDescription);
}

/** An unsaved quote: the form priced on the server now, prepared by the person asking. */
export async function draftQuotePdfData(
  db: Db,
  config: AppConfig,
  clock: Clock,
  user: { firstname: string; lastname: string; username: string; companyName: string },
  form: QuoteFormInput,
): Promise<QuotePdfData> {
  const result = await priceQuote(db, form);
  refuseWhatCannotBeSaved(result.form.customItems);
  return withFileName({
    number: DRAFT_NUMBER,
    name: DRAFT_NAME,
    date: clock.now(),
    preparedBy: { name: creatorName(user), company: user.companyName },
    seller: config.companyName,
    quote: quoteResultToJson(result),
  });
}
