import { divRound, mulDivRound, type Cents } from '../money';
import { discountValue, isDiscountEligible } from './conditions';
import type { NormalizedForm, PricingCatalog, PricingDiscount } from './types';

/** Percentages are hundredths; above 100% (10000) count as 100%. */
export const FULL_PERCENT = 10000;

export function cappedPercent(valueHundredths: number): number {
  return valueHundredths > FULL_PERCENT ? FULL_PERCENT : valueHundredths;
}

/** round(base × p / 100) half away from zero, p in hundredths capped at 100%. */
export function percentOf(base: Cents, valueHundredths: number): Cents {
  return mulDivRound(base, cappedPercent(valueHundredths), FULL_PERCENT);
}

/** free_months: round half away from zero of value / 100 (value in hundredths of a month). */
export function freeMonthsOf(valueHundredths: number): number {
  return divRound(valueHundredths, 100);
}

/** The applicable discounts of a form, each kind in ascending id. */
export interface ApplicableDiscounts {
  unit: PricingDiscount[]; // sqm_percentage (sqm model) or user_percentage (user model)
  percentage: PricingDiscount[];
  fixed: PricingDiscount[];
  setup: PricingDiscount[];
  freeMonths: PricingDiscount[];
}

function insertById(list: PricingDiscount[], d: PricingDiscount): void {
  let i = list.length;
  while (i > 0 && list[i - 1]!.id > d.id) i--;
  list.splice(i, 0, d);
}

/**
 * docs/PRODUCT.md "Pricing" step 4: of the selected discounts, those eligible, grouped by kind, each kind in
 * catalogue order (ascending id). Ineligible or unknown ones are ignored, never an error.
 */
export function applicableDiscounts(form: NormalizedForm, catalog: PricingCatalog): ApplicableDiscounts {
  const out: ApplicableDiscounts = { unit: [], percentage: [], fixed: [], setup: [], freeMonths: [] };
  const ids = form.selectedDiscountIds;
  if (ids.length === 0) return out;
  const ds = catalog.discounts;
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i]!;
    if (!ids.includes(d.id) || !isDiscountEligible(d, form)) continue;
    switch (d.type) {
      case 'sqm_percentage':
      case 'user_percentage':
        insertById(out.unit, d);
        break;
      case 'percentage':
        insertById(out.percentage, d);
        break;
      case 'fixed':
        insertById(out.fixed, d);
        break;
      case 'setup_fee_discount':
        insertById(out.setup, d);
        break;
      case 'free_months':
        insertById(out.freeMonths, d);
        break;
    }
  }
  return out;
}

export { discountValue };
