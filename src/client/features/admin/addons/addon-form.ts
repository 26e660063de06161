// The add-on form (docs/PRODUCT.md "The admin area"): name and category required ("Name and category are required"), fees decimal
// ≥ 0 (blank = 0), the unit its fees are multiplied by; a new add-on costs nothing, is priced once per quote and is
// offered with every package.
import { z } from 'zod';
import type { AddOnDto } from '../../../lib/catalog-types';
import { ADDON_REQUIRED, readCatalogMoney, type CreateAddOnInput } from '../../../../shared/schemas/catalog-admin';
import { ADD_ON_UNITS } from '../../../../shared/value-sets';

/** Blank is 0; anything else is read and judged as the server does (docs/PRODUCT.md "Numbers as typed"). */
const fee = (label: string) =>
  z.string().superRefine((v, ctx) => {
    const r = v.trim() === '' ? null : readCatalogMoney(label, v);
    if (r && 'problem' in r) ctx.addIssue({ code: 'custom', message: r.problem });
  });

export const addOnFormSchema = z.object({
  name: z.string().trim().min(1, ADDON_REQUIRED),
  description: z.string(),
  categoryId: z.string().min(1, ADDON_REQUIRED),
  unit: z.enum(ADD_ON_UNITS),
  setupFee: fee('Setup fee'),
  monthlyFee: fee('Monthly fee'),
  availableForPackages: z.array(z.number()),
});
export type AddOnFormValues = z.infer<typeof addOnFormSchema>;

export function newAddOnForm(packageIds: readonly number[], categoryId?: number): AddOnFormValues {
  return {
    name: '',
    description: '',
    categoryId: categoryId !== undefined ? String(categoryId) : '',
    unit: 'quote',
    setupFee: '0',
    monthlyFee: '0',
    availableForPackages: [...packageIds],
  };
}

export function addOnToForm(a: AddOnDto): AddOnFormValues {
  return {
    name: a.name,
    description: a.description,
    categoryId: a.categoryId !== null ? String(a.categoryId) : '',
    unit: a.unit,
    setupFee: a.setupFee,
    monthlyFee: a.monthlyFee,
    availableForPackages: [...a.availableForPackages],
  };
}

const money = (v: string) => (v.trim() === '' ? '0' : v.trim());

export function formToAddOnInput(v: AddOnFormValues): Required<CreateAddOnInput> {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    categoryId: Number(v.categoryId),
    unit: v.unit,
    setupFee: money(v.setupFee),
    monthlyFee: money(v.monthlyFee),
    availableForPackages: v.availableForPackages,
  };
}
