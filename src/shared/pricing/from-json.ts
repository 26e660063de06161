// The reverse of to-json.ts: a stored snapshot (euro) back into the engine's result (integer cents), so a saved quote
// is shown with exactly the figures it was saved with, through the same components that show a live quote.
import { roundHalfAwayFromZero } from '../money';
import type { BreakdownLineJson, QuoteResultJson } from '../schemas/quote-result';
import type { BreakdownLine, ContractDuration, QuoteResult } from './types';

const c = (euro: number): number => roundHalfAwayFromZero(euro * 100);
const u4 = (euro: number): number => roundHalfAwayFromZero(euro * 10000);

function lineFromJson(l: BreakdownLineJson): BreakdownLine {
  const line: BreakdownLine = {
    kind: l.kind,
    period: l.period,
    label: l.label,
    quantity: l.quantity,
    unitPrice: c(l.unitPrice),
    amount: c(l.amount),
  };
  if (l.kind === 'variable') line.unitPrice4 = u4(l.unitPrice);
  if (l.refId !== undefined) line.refId = l.refId;
  if (l.waived !== undefined) line.waived = l.waived;
  if (l.originalAmount !== undefined) line.originalAmount = c(l.originalAmount);
  return line;
}

export function quoteResultFromJson(j: QuoteResultJson): QuoteResult {
  return {
    form: {
      packageId: j.packageId,
      pricingModel: j.pricingModel,
      squareMeters: j.squareMeters,
      userCount: j.userCount,
      locations: j.locations,
      addOns: j.addOns.map((a) => ({ ...a })),
      customItems: j.customItems.map((i) => ({ ...i, price: c(i.price) })),
      selectedDiscountIds: j.selectedDiscountIds.slice(),
      sellerDiscount: j.sellerDiscount === null ? null : { ...j.sellerDiscount, value: c(j.sellerDiscount.value) },
      contractDuration: j.contractDuration as ContractDuration,
      paymentFrequency: j.paymentFrequency,
    },
    packageName: j.packageName,
    basePrice: c(j.basePrice),
    sqmPrice: c(j.sqmPrice),
    userPrice: c(j.userPrice),
    additionalLocationCost: c(j.additionalLocationCost),
    totalMonthlyBasePrice: c(j.totalMonthlyBasePrice),
    addOnsFees: c(j.addOnsFees),
    customRecurring: c(j.customRecurring),
    subtotal: c(j.subtotal),
    totalDiscounts: c(j.totalDiscounts),
    tax: c(j.tax),
    total: c(j.total),
    yearlyTotal: c(j.yearlyTotal),
    packageSetupFee: c(j.packageSetupFee),
    addOnsSetupFees: c(j.addOnsSetupFees),
    setupFees: c(j.setupFees),
    customOneTime: c(j.customOneTime),
    setupDiscount: c(j.setupDiscount),
    oneTimeCosts: c(j.oneTimeCosts),
    tcv: c(j.tcv),
    pricePerSqm4: u4(j.pricePerSqm),
    originalPricePerSqm4: u4(j.originalPricePerSqm),
    pricePerUser4: u4(j.pricePerUser),
    originalPricePerUser4: u4(j.originalPricePerUser),
    contractDuration: j.contractDuration,
    paidMonths: j.paidMonths,
    freeMonths: j.freeMonths,
    contractMonths: j.contractMonths,
    discounts: j.discounts.map((d) => ({ id: d.id, name: d.name, type: d.type, amount: c(d.amount), value: Math.round(d.value * 100) })),
    breakdowns: j.breakdowns.map(lineFromJson),
  };
}
