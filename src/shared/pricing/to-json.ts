import { centsToEuro } from '../money';
import type { BreakdownLineJson, QuoteResultJson } from '../schemas/quote-result';
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
  };
}
