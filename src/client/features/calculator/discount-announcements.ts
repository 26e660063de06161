// docs/PRODUCT.md "The calculator" drops a selected discount the moment it stops being eligible. The user did not ask for that, so it is
// said out loud: which discount went, and the condition that no longer holds. Pure: derived from the state before and
// after one action.
import { conditionHolds } from '../../../shared/pricing/conditions';
import { PRICING_MODEL_LABELS } from '../../../shared/labels';
import { normalizeFormWith } from '../../../shared/pricing/normalize';
import { conditionText } from '../../lib/condition-words';
import { toQuoteForm, type CalculatorAction, type CalculatorContext, type CalculatorState } from './calculator-state';

export interface DiscountAnnouncement {
  discountId: number;
  title: string;
  description: string;
}

/** Why a discount is not eligible for this state, in the editor's words. */
export function whyNotEligible(discountId: number, s: CalculatorState, ctx: CalculatorContext): string {
  const d = ctx.pricing.discounts.find((x) => x.id === discountId);
  if (!d) return 'it is no longer offered';
  const form = normalizeFormWith(toQuoteForm(s), ctx.pricing, false).form;
  if (d.type === 'sqm_percentage' && form.pricingModel !== 'sqm') return `it applies only to ${PRICING_MODEL_LABELS.sqm} pricing`;
  if (d.type === 'user_percentage' && form.pricingModel !== 'user') return `it applies only to ${PRICING_MODEL_LABELS.user} pricing`;
  const failed = d.conditions.filter((c) => !conditionHolds(c, form));
  const packages = ctx.catalog.packages.map((p) => ({ id: p.id, name: p.name }));
  if (failed.length === 0) return 'its conditions no longer hold';
  return `it requires ${failed.map((c) => conditionText(c, packages)).join(' and ')}`;
}

/**
 * The discounts an action took away without the user asking (anything but un-ticking it, starting over, or loading a
 * saved quote or draft, which say what they do), each with its reason.
 */
export function droppedDiscountAnnouncements(
  before: CalculatorState,
  after: CalculatorState,
  action: CalculatorAction,
  ctx: CalculatorContext,
): DiscountAnnouncement[] {
  const deliberate = ['toggleDiscount', 'loadConfiguration', 'restoreDraft', 'startOver'];
  if (deliberate.includes(action.type)) return [];
  if (before.selectedDiscountIds === after.selectedDiscountIds) return [];
  const kept = new Set(after.selectedDiscountIds);
  return before.selectedDiscountIds
    .filter((id) => !kept.has(id))
    .map((id) => {
      const name = ctx.catalog.discounts.find((d) => d.id === id)?.name ?? `Discount #${id}`;
      return { discountId: id, title: 'Discount removed', description: `${name} was removed: ${whyNotEligible(id, after, ctx)}.` };
    });
}
