import { mulDivRound, type Cents } from '../money';
import { catalogCents } from './coerce';
import { isDiscountEligible } from './conditions';
import { FULL_PERCENT, applicableDiscounts, discountValue, freeMonthsOf, percentOf } from './discounts';
import { findAddOn, findPackage, normalizeFormWith } from './normalize';
import { FALLBACK_SQM_PRICE, FALLBACK_USER_PRICE, tierPrice } from './tiers';
import {
  PACKAGE_NOT_FOUND,
  PricingError,
  SELLER_DISCOUNT_APPLIED_TYPES,
  SELLER_DISCOUNT_ID,
  type AppliedDiscount,
  type BreakdownLine,
  type NormalizedForm,
  type PricingCatalog,
  type PricingDiscount,
  type QuoteFormInput,
  type QuoteResult,
} from './types';

/** The seller's discount line reads "Seller's discount: <reason>". */
export const SELLER_DISCOUNT_NAME = "Seller's discount";

/** Every line is built with the same shape (one hidden class: fast in every JS engine). */
function line(
  kind: BreakdownLine['kind'],
  period: BreakdownLine['period'],
  label: string,
  quantity: number,
  unitPrice: Cents,
  amount: Cents,
  refId: number | string | undefined,
  unitPrice4?: number,
  waived?: boolean,
  originalAmount?: Cents,
): BreakdownLine {
  return { kind, period, label, quantity, unitPrice, unitPrice4, amount, refId, waived, originalAmount };
}

function discountLine(d: PricingDiscount, amount: Cents, period: 'monthly' | 'one_time'): BreakdownLine {
  const a = amount === 0 ? 0 : -amount;
  return line('discount', period, d.name, 1, a, a, d.id);
}

function applied(d: PricingDiscount, amount: Cents, value: number): AppliedDiscount {
  return { id: d.id, name: d.name, type: d.type, amount, value };
}

/**
 * Prices an already normalised form (docs/PRODUCT.md "Pricing" steps 2–8). Throws PricingError when the
 * package is not in the catalogue.
 */
export function calculateNormalizedQuote(form: NormalizedForm, catalog: PricingCatalog): QuoteResult {
  const pkg = findPackage(catalog, form.packageId);
  if (pkg === undefined) throw new PricingError(PACKAGE_NOT_FOUND);
  const packageName = pkg.name;
  const sqmModel = form.pricingModel === 'sqm';

  // Step 2: unit prices (both looked up whatever the model)
  const origSqm = tierPrice(pkg.priceTiers, form.squareMeters, FALLBACK_SQM_PRICE);
  const origUser = tierPrice(pkg.userPriceTiers, form.userCount, FALLBACK_USER_PRICE);

  // Step 3: gross monthly lines
  const basePrice = catalogCents(pkg.basePrice);
  const sqmPrice = sqmModel ? form.squareMeters * origSqm : 0;
  const userPrice = sqmModel ? 0 : form.userCount * origUser;
  const variable = sqmPrice + userPrice;
  const extraLocationPrice = catalogCents(pkg.extraLocationPrice);
  const extraLocations = form.locations - 1;
  const additionalLocationCost = extraLocationPrice * extraLocations;
  const totalMonthlyBasePrice = basePrice + variable + additionalLocationCost;

  const breakdowns: BreakdownLine[] = [
    line('base', 'monthly', packageName, 1, basePrice, basePrice, pkg.id),
    line(
      'variable',
      'monthly',
      sqmModel ? 'Units' : 'Users',
      sqmModel ? form.squareMeters : form.userCount,
      sqmModel ? origSqm : origUser,
      variable,
      undefined,
      (sqmModel ? origSqm : origUser) * 100,
    ),
    line('locations', 'monthly', 'Additional locations', extraLocations, extraLocationPrice, additionalLocationCost, undefined),
  ];
  const oneTime: BreakdownLine[] = [];
  const packageSetupFee = catalogCents(pkg.setupFee);
  oneTime.push(line('package_setup', 'one_time', packageName + ' setup fee', 1, packageSetupFee, packageSetupFee, pkg.id));

  let addOnsFees = 0;
  let addOnsSetupFees = 0;
  const sel = form.addOns;
  for (let i = 0; i < sel.length; i++) {
    const s = sel[i]!;
    const a = findAddOn(catalog, s.id);
    if (a === undefined) continue; // normalised forms only hold known add-ons
    // once per quote, once per location, or the quantity entered (step 3)
    const times = a.unit === 'location' ? form.locations : a.unit === 'item' ? s.quantity : 1;
    const unitMonthly = catalogCents(a.monthlyFee);
    const unitSetup = catalogCents(a.setupFee);
    const monthly = unitMonthly * times;
    const setup = unitSetup * times;
    addOnsFees += monthly;
    breakdowns.push(line('addon', 'monthly', a.name, times, unitMonthly, monthly, a.id));
    const waived = s.waiveSetupFee;
    if (!waived) addOnsSetupFees += setup;
    // a waived setup fee shows 0 with the original amount beside it
    oneTime.push(
      line(
        'addon_setup',
        'one_time',
        a.name + ' setup fee',
        times,
        unitSetup,
        waived ? 0 : setup,
        a.id,
        undefined,
        waived,
        waived ? setup : undefined,
      ),
    );
  }

  let customRecurring = 0;
  let customOneTime = 0;
  const items = form.customItems;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const label = it.name === '' ? 'Custom item' : it.name;
    const amount = it.price * it.quantity;
    if (it.isOneTime) {
      customOneTime += amount;
      oneTime.push(line('custom_one_time', 'one_time', label, it.quantity, it.price, amount, it.id));
    } else {
      customRecurring += amount;
      breakdowns.push(line('custom_recurring', 'monthly', label, it.quantity, it.price, amount, it.id));
    }
  }

  const subtotal = totalMonthlyBasePrice + addOnsFees + customRecurring;

  // Steps 4–5: monthly discounts
  const app = applicableDiscounts(form, catalog);
  const discounts: AppliedDiscount[] = [];

  let unitLeft = variable;
  let unitPercentSum = 0;
  for (let i = 0; i < app.unit.length; i++) {
    const d = app.unit[i]!;
    const v = discountValue(d);
    unitPercentSum += v;
    let amt = percentOf(variable, v);
    if (amt > unitLeft) amt = unitLeft;
    unitLeft -= amt;
    discounts.push(applied(d, amt, v));
    breakdowns.push(discountLine(d, amt, 'monthly'));
  }
  const unitFactor = FULL_PERCENT - (unitPercentSum > FULL_PERCENT ? FULL_PERCENT : unitPercentSum);
  const originalPricePerSqm4 = origSqm * 100;
  const originalPricePerUser4 = origUser * 100;
  const pricePerSqm4 = sqmModel ? mulDivRound(originalPricePerSqm4, unitFactor, FULL_PERCENT) : originalPricePerSqm4;
  const pricePerUser4 = sqmModel ? originalPricePerUser4 : mulDivRound(originalPricePerUser4, unitFactor, FULL_PERCENT);

  const percentBase = subtotal - (variable - unitLeft);
  let left = percentBase;
  for (let i = 0; i < app.percentage.length; i++) {
    const d = app.percentage[i]!;
    const v = discountValue(d);
    let amt = percentOf(percentBase, v);
    if (amt > left) amt = left;
    left -= amt;
    discounts.push(applied(d, amt, v));
    breakdowns.push(discountLine(d, amt, 'monthly'));
  }
  for (let i = 0; i < app.fixed.length; i++) {
    const d = app.fixed[i]!;
    const v = discountValue(d); // hundredths of a euro = cents
    const amt = v > left ? left : v;
    left -= amt;
    discounts.push(applied(d, amt, v));
    breakdowns.push(discountLine(d, amt, 'monthly'));
  }
  // the seller's discount comes after every catalogue discount: a share of what they leave, or at most all of it
  const seller = form.sellerDiscount;
  if (seller !== null) {
    const amt = seller.type === 'percentage' ? percentOf(left, seller.value) : seller.value > left ? left : seller.value;
    left -= amt;
    const name = seller.reason === '' ? SELLER_DISCOUNT_NAME : SELLER_DISCOUNT_NAME + ': ' + seller.reason;
    discounts.push({ id: SELLER_DISCOUNT_ID, name, type: SELLER_DISCOUNT_APPLIED_TYPES[seller.type], amount: amt, value: seller.value });
    const a = amt === 0 ? 0 : -amt;
    breakdowns.push(line('discount', 'monthly', name, 1, a, a, SELLER_DISCOUNT_ID));
  }
  const total = left; // never below 0
  const totalDiscounts = subtotal - total;
  const yearlyTotal = total * 12;

  // Step 6: one-time costs
  const setupFees = packageSetupFee + addOnsSetupFees;
  const setupBase = setupFees + customOneTime;
  let setupLeft = setupBase;
  for (let i = 0; i < app.setup.length; i++) {
    const d = app.setup[i]!;
    const v = discountValue(d);
    let amt = percentOf(setupBase, v);
    if (amt > setupLeft) amt = setupLeft;
    setupLeft -= amt;
    discounts.push(applied(d, amt, v));
    oneTime.push(discountLine(d, amt, 'one_time'));
  }
  const oneTimeCosts = setupLeft;
  const setupDiscount = setupBase - oneTimeCosts;

  // Step 7: contract
  let freeMonths = 0;
  for (let i = 0; i < app.freeMonths.length; i++) {
    const d = app.freeMonths[i]!;
    const v = discountValue(d);
    const m = freeMonthsOf(v);
    freeMonths += m;
    discounts.push(applied(d, m * total, v));
  }
  const paidMonths = form.contractDuration;

  // Step 8: TCV (both formulas give the same figure; paidMonths is a multiple of 12)
  const tcv = form.paymentFrequency === 'monthly' ? total * paidMonths + oneTimeCosts : yearlyTotal * (paidMonths / 12) + oneTimeCosts;

  for (let i = 0; i < oneTime.length; i++) breakdowns.push(oneTime[i]!);

  return {
    form,
    packageName,
    basePrice,
    sqmPrice,
    userPrice,
    additionalLocationCost,
    totalMonthlyBasePrice,
    addOnsFees,
    customRecurring,
    subtotal,
    totalDiscounts,
    tax: 0,
    total,
    yearlyTotal,
    packageSetupFee,
    addOnsSetupFees,
    setupFees,
    customOneTime,
    setupDiscount,
    oneTimeCosts,
    tcv,
    pricePerSqm4,
    originalPricePerSqm4,
    pricePerUser4,
    originalPricePerUser4,
    contractDuration: form.contractDuration,
    paidMonths,
    freeMonths,
    contractMonths: paidMonths + freeMonths,
    discounts,
    breakdowns,
  };
}

/**
 * The live quote (docs/PRODUCT.md "Pricing"). Normalises whatever the client sent, then prices it.
 * Throws PricingError('Selected package not found') for an unknown package.
 */
export function calculateQuote(input: QuoteFormInput, catalog: PricingCatalog): QuoteResult {
  const { form } = normalizeFormWith(input, catalog, true);
  return calculateNormalizedQuote(form, catalog);
}

/**
 * For the UI: the ids (ascending) of the catalogue's discounts that are eligible for the form
 * right now (conditions, pricing-model restriction, value > 0), whether selected or not.
 * Does not throw for an unknown package (its id is still tested by package conditions).
 */
export function eligibleDiscountIds(input: QuoteFormInput, catalog: PricingCatalog): number[] {
  const { form } = normalizeFormWith(input, catalog, false);
  const out: number[] = [];
  const ds = catalog.discounts;
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i]!;
    if (isDiscountEligible(d, form) && !out.includes(d.id)) out.push(d.id);
  }
  return out.sort((a, b) => a - b);
}

/** The money the free months save (freeMonths × total), as shown among the discounts. */
export function freeMonthsSavings(r: QuoteResult): Cents {
  return r.freeMonths * r.total;
}

/** The applied discounts that reduce the monthly total (those making up totalDiscounts). */
export function monthlyDiscounts(r: QuoteResult): AppliedDiscount[] {
  return r.discounts.filter((d) => d.type !== 'free_months' && d.type !== 'setup_fee_discount');
}
