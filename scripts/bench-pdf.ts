// Quote PDF rendering time: the median of a typical quote and of a large one (50 add-ons, 100 custom
// items), from priced data to the last byte of the file. Targets: typical < 50 ms, large < 300 ms. The CPU time is
// printed too: on a machine shared with other work, wall time mostly measures waiting for a core.
// Usage: npm run bench:pdf [-- --runs 40]
import { performance } from 'node:perf_hooks';
import { toPricingCatalog } from '../src/shared/catalog';
import type { CatalogDto } from '../src/shared/schemas/catalog';
import { calculateQuote, quoteResultToJson } from '../src/shared/pricing';
import { documentQuote } from '../src/server/pdf/document-quote';
import { renderQuotePdfBuffer, type QuoteDocumentData } from '../src/server/pdf/quote-document';
import { openDatabase, closeDatabase } from '../src/server/db/database';
import { loadCatalog } from '../src/server/services/catalog';
import { seedDemoCatalog } from '../src/server/seed/seed';
import { systemClock } from '../src/server/clock';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(5, Number(process.argv[runsArg + 1]) || 30) : 30;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function main(): Promise<void> {
  const db = openDatabase(':memory:');
  seedDemoCatalog(db, systemClock);
  const dto: CatalogDto = loadCatalog(db);
  closeDatabase(db);

  // 50 more add-ons for the large quote, available for the first package
  const pkg = dto.packages[0]!;
  const extra = Array.from({ length: 50 }, (_, i) => ({
    ...dto.addOns[0]!,
    id: 10_000 + i,
    name: `Module ${i + 1} – Zażółć gęślą jaźń`,
    setupFee: (100 + i).toFixed(2),
    monthlyFee: (10 + i / 4).toFixed(2),
    availableForPackages: [pkg.id],
  }));
  const catalog = toPricingCatalog({ ...dto, addOns: [...dto.addOns, ...extra] });
  const allDiscounts = dto.discounts.map((d) => d.id);

  const typicalForm = {
    packageId: pkg.id,
    squareMeters: 1200,
    locations: 3,
    addOns: [{ id: dto.addOns[0]!.id, waiveSetupFee: true }, dto.addOns[1]!.id, dto.addOns[4]!.id],
    customItems: [
      { name: 'On-site training', price: 900, isOneTime: true },
      { name: 'Extra storage', price: 29.5 },
    ],
    selectedDiscountIds: allDiscounts,
    contractDuration: 36,
    paymentFrequency: 'annually',
  };
  const largeForm = {
    ...typicalForm,
    addOns: extra.map((a, i) => ({ id: a.id, waiveSetupFee: i % 7 === 0 })),
    customItems: Array.from({ length: 100 }, (_, i) => ({
      name: `Custom line ${i + 1}`,
      description: i % 10 === 0 ? 'A longer description that explains what this line is for.' : '',
      price: 1 + i,
      isOneTime: i % 4 === 0,
    })),
  };

  const documentOf = (form: object, name: string): QuoteDocumentData => ({
    number: 'Q-000123',
    name,
    date: new Date(),
    preparedBy: { name: 'Sam Sales', company: 'Şişli Yazılım A.Ş.' },
    seller: 'Quote Configurator',
    quote: documentQuote(quoteResultToJson(calculateQuote(form, catalog))),
  });

  const cases = [
    { label: 'typical quote', doc: documentOf(typicalForm, 'Typical quote'), target: 50 },
    { label: 'large quote (50 add-ons, 100 custom items)', doc: documentOf(largeForm, 'Large quote'), target: 300 },
  ];

  // warm up (JIT, font parsing paths)
  for (const c of cases) for (let i = 0; i < 3; i++) await renderQuotePdfBuffer(c.doc);

  for (const c of cases) {
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const buf = await renderQuotePdfBuffer(c.doc);
      times.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
      bytes = buf.length;
    }
    const m = median(times);
    const ok = m < c.target;
    console.log(
      `${c.label.padEnd(44)} median ${m.toFixed(1).padStart(6)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}, CPU median ${median(cpu).toFixed(1)} ms, ${RUNS} runs, ${(bytes / 1024).toFixed(0)} KiB)  target < ${c.target} ms: ${ok ? 'OK' : median(cpu) < c.target ? 'over on wall time only (a busy machine)' : 'SLOW'}`,
    );
  }
}

await main();
