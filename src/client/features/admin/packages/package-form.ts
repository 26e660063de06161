// The package form's values and rules (docs/PRODUCT.md "The admin area"): name required, fees decimal ≥ 0 (blank = 0), a feature
// list of text + included. Converted to the shared create/update input; blank feature rows are left out.
import { z } from 'zod';
import { packageFields } from '../../../../shared/catalog';
import type { PackageDto } from '../../../lib/catalog-types';
import { DEFAULT_PACKAGE_FEATURES, PACKAGE_NAME_REQUIRED, readCatalogMoney, type CreatePackageInput } from '../../../../shared/schemas/catalog-admin';

/** Blank is 0; anything else is read and judged as the server does (docs/PRODUCT.md "Numbers as typed"). */
const fee = (label: string) =>
  z.string().superRefine((v, ctx) => {
    const r = v.trim() === '' ? null : readCatalogMoney(label, v);
    if (r && 'problem' in r) ctx.addIssue({ code: 'custom', message: r.problem });
  });

export const packageFormSchema = z.object({
  name: z.string().trim().min(1, PACKAGE_NAME_REQUIRED),
  description: z.string(),
  basePrice: fee('Base price'),
  setupFee: fee('Setup fee'),
  extraLocationPrice: fee('Extra location price'),
  features: z.array(z.object({ text: z.string(), included: z.boolean() })),
});
export type PackageFormValues = z.infer<typeof packageFormSchema>;

/** New package defaults: fees 0, "Basic features" and "Standard support", both included. */
export function newPackageForm(): PackageFormValues {
  return {
    name: '',
    description: '',
    basePrice: '0',
    setupFee: '0',
    extraLocationPrice: '0',
    features: DEFAULT_PACKAGE_FEATURES.map((f) => ({ ...f })),
  };
}

export function packageToForm(p: PackageDto): PackageFormValues {
  return packageFields(p);
}

const money = (v: string) => (v.trim() === '' ? '0' : v.trim());

/** The body of admin.packages.create / update (without id). Tiers are never sent from here. */
export function formToPackageInput(v: PackageFormValues): Required<Omit<CreatePackageInput, 'priceTiers' | 'userPriceTiers'>> {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    basePrice: money(v.basePrice),
    setupFee: money(v.setupFee),
    extraLocationPrice: money(v.extraLocationPrice),
    features: v.features.map((f) => ({ text: f.text.trim(), included: f.included })).filter((f) => f.text !== ''),
  };
}
