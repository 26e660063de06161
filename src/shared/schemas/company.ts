// The seller as customers see it (docs/API.md "The seller"): the Company tab edits it; the customer's page, the PDF
// and the mails print it. Empty optional fields are stored and answered as null.
import { z } from 'zod';
import { INVALID_EMAIL } from './auth';
import { refineMultiLine, refineSingleLine } from './text';

export const companyMessages = {
  name: 'Please enter the company name',
  nameTooLong: 'The company name must be at most 200 characters',
  addressTooLong: 'The address must be at most 500 characters',
  phoneTooLong: 'The phone number must be at most 50 characters',
  vatTooLong: 'The VAT number must be at most 50 characters',
  termsTooLong: 'The terms must be at most 10,000 characters',
} as const;
const m = companyMessages;

export const COMPANY_TERMS_MAX = 10_000;

const optionalText = (label: string, max: number, tooLong: string, multiLine = false) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(...(multiLine ? refineMultiLine(label) : refineSingleLine(label)))
    .nullish()
    .transform((v) => (v ? v : null));

export const companyInput = z.object({
  name: z
    .string({ error: m.name })
    .trim()
    .min(1, m.name)
    .max(200, m.nameTooLong)
    .refine(...refineSingleLine('Company name')),
  address: optionalText('Address', 500, m.addressTooLong, true),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .refine((v) => v === '' || z.email().safeParse(v).success, INVALID_EMAIL)
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalText('Phone', 50, m.phoneTooLong),
  vatNumber: optionalText('VAT number', 50, m.vatTooLong),
  terms: optionalText('Terms', COMPANY_TERMS_MAX, m.termsTooLong, true),
});

/** GET /api/company. */
export const companyOutput = z.object({
  name: z.string(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vatNumber: z.string().nullable(),
  terms: z.string().nullable(),
});
export type Company = z.infer<typeof companyOutput>;
