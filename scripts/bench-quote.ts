/**
 * Micro-benchmark of the pure pricing engine (src/shared/pricing).
 * Run: node --import tsx scripts/bench-quote.ts
 * Prints quotes/second and µs/quote (median of 7 runs) for a typical quote (3 add-ons,
 * 3 discounts, 2 custom items) and a large one (50 add-ons, 30 discounts, 100 custom items).
 */
import { calculateQuote, eligibleDiscountIds, quoteResultToJson } from '../src/shared/pricing/index';
import type { PricingCatalog, PricingDiscount, QuoteFormInput } from '../src/shared/pricing/index';

function makeCatalog(addOnCount: number, discountCount: number): PricingCatalog {
  const types = ['percentage', 'fixed', 'sqm_percentage', 'user_percentage', 'free_months', 'setup_fee_discount'];
  const discounts: PricingDiscount[] = [];
  for (let i = 1; i <= discountCount; i++) {
    const type = types[(i - 1) % types.length]!;
    discounts.push({
      id: i,
      name: `Discount ${i}`,
      type,
      value: type === 'fixed' ? 1500 : type === 'free_months' ? 100 : 500,
      conditions:
        i % 3 === 0
          ? [{ type: 'contractDuration', operator: '>=', value: 24 }]
          : i % 3 === 1
            ? [
                { type: 'package', operator: 'in', value: [1, 2] },
                { type: 'paymentFrequency', operator: '=', value: 'annual' },
              ]
            : [],
    });
  }
  return {
    packages: [1, 2, 3].map((id) => ({
      id,
      name: ['Entry', 'Advanced', 'Ultimate'][id - 1]!,
      basePrice: 9900 * id,
      setupFee: 50000 * id,
      extraLocationPrice: 2500 * id,
      priceTiers: [
        { min: 1001, max: null, price: 150 },
        { min: 1, max: 500, price: 250 },
        { min: 501, max: 1000, price: 200 },
      ],
      userPriceTiers: [
        { min: 1, max: 10, price: 1500 },
        { min: 11, max: 50, price: 1200 },
        { min: 51, max: null, price: 900 },
      ],
    })),
    addOns: Array.from({ length: addOnCount }, (_, i) => ({
      id: i + 1,
      name: `Add-on ${i + 1}`,
      categoryId: (i % 5) + 1,
      unit: 'quote' as const,
      monthlyFee: 1900 + i * 100,
      setupFee: i % 4 === 0 ? 0 : 9900,
      availableForPackages: [1, 2, 3],
    })),
    discounts,
  };
}

const typicalCatalog = makeCatalog(12, 10);
const typicalForm: QuoteFormInput = {
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 750,
  userCount: 25,
  locations: 3,
  addOns: [1, { id: 2, waiveSetupFee: true }, { id: 5, waiveSetupFee: false }],
  customItems: [
    { id: 'c1', name: 'Premium support', price: 149.99, isOneTime: false },
    { id: 'c2', name: 'Onboarding', price: '1200', isOneTime: true },
  ],
  selectedDiscountIds: [1, 3, 6], // percentage (conditional), sqm_percentage, setup_fee_discount
  contractDuration: 36,
  paymentFrequency: 'annually',
};

const largeCatalog = makeCatalog(50, 30);
const largeForm: QuoteFormInput = {
  ...typicalForm,
  addOns: Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? i + 1 : { id: i + 1, waiveSetupFee: i % 3 === 0 })),
  customItems: Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, name: `Item ${i}`, price: (i + 1) * 1.25, isOneTime: i % 2 === 0 })),
  selectedDiscountIds: Array.from({ length: 30 }, (_, i) => i + 1),
};

let sink = 0;

function timeRun(fn: () => number, iterations: number): number {
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) sink += fn();
  return ((performance.now() - t0) * 1000) / iterations; // µs per call
}

function bench(label: string, fn: () => number, iterations: number, runs = 7): void {
  timeRun(fn, Math.min(iterations, 20_000)); // warm-up (JIT)
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) samples.push(timeRun(fn, iterations));
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const perSec = 1e6 / median;
  console.log(
    `${label.padEnd(44)} ${median.toFixed(3).padStart(9)} µs/quote  ${Math.round(perSec).toLocaleString('en-US').padStart(12)} quotes/s  (median of ${runs}; min ${samples[0]!.toFixed(3)}, max ${samples[samples.length - 1]!.toFixed(3)})`,
  );
}

const typical = calculateQuote(typicalForm, typicalCatalog);
const large = calculateQuote(largeForm, largeCatalog);
console.log(
  `typical: ${typical.form.addOns.length} add-ons, ${typical.discounts.length} applied discounts, ${typical.form.customItems.length} custom items, total ${typical.total} cents`,
);
console.log(
  `large:   ${large.form.addOns.length} add-ons, ${large.discounts.length} applied discounts, ${large.form.customItems.length} custom items, total ${large.total} cents`,
);
console.log(`node ${process.version}`);

bench('calculateQuote typical', () => calculateQuote(typicalForm, typicalCatalog).total, 200_000);
bench(
  'calculateQuote + eligibleDiscountIds typical',
  () => calculateQuote(typicalForm, typicalCatalog).total + eligibleDiscountIds(typicalForm, typicalCatalog).length,
  200_000,
);
bench('calculateQuote + quoteResultToJson typical', () => quoteResultToJson(calculateQuote(typicalForm, typicalCatalog)).total, 200_000);
bench('calculateQuote large', () => calculateQuote(largeForm, largeCatalog).total, 10_000);
bench('calculateQuote + quoteResultToJson large', () => quoteResultToJson(calculateQuote(largeForm, largeCatalog)).total, 10_000);

if (sink === -1) console.log('unreachable');
