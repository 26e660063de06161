import { centsToEuro } from '../money';
import type { AddOnLineJson, BreakdownLineJson, CustomItemLineJson, QuoteResultJson } from '../schemas/quote-result';
import type { BreakdownLine, QuoteResult } from './types';

/** A ten-thousandths-of-a-euro integer as a JSON number with at most 4 decimals. */
export function unit4ToEuro(v: number): number {
  const r = v / 10000;
  return r === 0 ? 0 : r;
}

function lineToJson(l: BreakdownLine): BreakdownLineJson {
  // one object shape for every line; absent optional fields stay undefined (dropped by JSON.stringify)
  return {
    kind: l.kind,
    period: l.period,
    label: l.label,
    quantity: l.quantity,
    unitPrice: l.unitPrice4 !== undefined ? unit4ToEuro(l.unitPrice4) : centsToEuro(l.unitPrice),
    amount: centsToEuro(l.amount),
    refId: l.refId,
    waived: l.waived,
    originalAmount: l.originalAmount !== undefined ? centsToEuro(l.originalAmount) : undefined,
  };
}

/**
 * Each add-on and custom item as one line with its quantity, from the breakdown: an add-on's monthly line and its setup
 * line are pushed in the same order (calculate.ts), so the k-th of one kind goes with the k-th of the other.
 */
function itemLines(b: readonly BreakdownLine[]): { addOnLines: AddOnLineJson[]; customItemLines: CustomItemLineJson[] } {
  const addOnLines: AddOnLineJson[] = [];
  const customItemLines: CustomItemLineJson[] = [];
  let setupIndex = 0;
  for (let i = 0; i < b.length; i++) {
    const l = b[i]!;
    if (l.kind === 'addon') {
      addOnLines.push({
        id: l.refId as number,
        name: l.label,
        quantity: l.quantity,
        unitMonthlyFee: centsToEuro(l.unitPrice),
        monthlyFee: centsToEuro(l.amount),
        unitSetupFee: 0,
        setupFee: 0,
        waiveSetupFee: false,
      });
    } else if (l.kind === 'addon_setup') {
      const a = addOnLines[setupIndex++];
      if (a !== undefined) {
        a.unitSetupFee = centsToEuro(l.unitPrice);
        a.setupFee = centsToEuro(l.amount);
        a.waiveSetupFee = l.waived === true;
      }
    } else if (l.kind === 'custom_recurring' || l.kind === 'custom_one_time') {
      customItemLines.push({
        id: String(l.refId),
        name: l.label,
        isOneTime: l.kind === 'custom_one_time',
        quantity: l.quantity,
        unitPrice: centsToEuro(l.unitPrice),
        amount: centsToEuro(l.amount),
      });
    }
  }
  return { addOnLines, customItemLines };
}

export function quoteResultToJson(r: QuoteResult): QuoteResultJson {
  const f = r.form;
  return {
    packageId: f.packageId,
    pricingModel: f.pricingModel,
    squareMeters: f.squareMeters,
    userCount: f.userCount,
    locations: f.locations,
    addOns: f.addOns.map((a) => ({ ...a })),
    customItems: f.customItems.map((c) => ({ ...c, price: centsToEuro(c.price) })),
    selectedDiscountIds: f.selectedDiscountIds.slice(),
    sellerDiscount:
      f.sellerDiscount === null ? null : { type: f.sellerDiscount.type, value: centsToEuro(f.sellerDiscount.value), reason: f.sellerDiscount.reason },
    paymentFrequency: f.paymentFrequency,
    contractDuration: r.contractDuration,

    packageName: r.packageName,
    basePrice: centsToEuro(r.basePrice),
    sqmPrice: centsToEuro(r.sqmPrice),
    pricePerSqm: unit4ToEuro(r.pricePerSqm4),
    originalPricePerSqm: unit4ToEuro(r.originalPricePerSqm4),
    userPrice: centsToEuro(r.userPrice),
    pricePerUser: unit4ToEuro(r.pricePerUser4),
    originalPricePerUser: unit4ToEuro(r.originalPricePerUser4),
    additionalLocationCost: centsToEuro(r.additionalLocationCost),
    totalMonthlyBasePrice: centsToEuro(r.totalMonthlyBasePrice),
    addOnsFees: centsToEuro(r.addOnsFees),
    customRecurring: centsToEuro(r.customRecurring),
    subtotal: centsToEuro(r.subtotal),
    discounts: r.discounts.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      amount: centsToEuro(d.amount),
      value: d.value / 100,
    })),
    totalDiscounts: centsToEuro(r.totalDiscounts),
    tax: centsToEuro(r.tax),
    total: centsToEuro(r.total),
    yearlyTotal: centsToEuro(r.yearlyTotal),
    setupFees: centsToEuro(r.setupFees),
    packageSetupFee: centsToEuro(r.packageSetupFee),
    addOnsSetupFees: centsToEuro(r.addOnsSetupFees),
    customOneTime: centsToEuro(r.customOneTime),
    setupDiscount: centsToEuro(r.setupDiscount),
    oneTimeCosts: centsToEuro(r.oneTimeCosts),
    tcv: centsToEuro(r.tcv),
    paidMonths: r.paidMonths,
    freeMonths: r.freeMonths,
    contractMonths: r.contractMonths,
    breakdowns: r.breakdowns.map(lineToJson),
    ...itemLines(r.breakdowns),
  };
}
