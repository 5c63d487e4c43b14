/**
 * PDF benchmark: `npm run bench:pdf`.
 *
 * Renders a quote-like document of 200 lines (standard page with logo, header and footer; a client
 * block; a table of SKU, long description, quantity, unit price, discount and line total that runs
 * over several pages with its header repeated; totals; a chart) with the PDF service, BENCH_WARMUP
 * times to warm up and then BENCH_RUNS times, and writes the median and p95 to docs/bench/pdf.md.
 * Target (QUALITY.md): p95 ≤ 1 s for a 200-line quote.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { chartSpec } from '@contracts/charts';
import { chartBlock, renderPdf, standardPage, summaryBlock, tableBlock } from '@server/platform/pdf';

const LINES = Number(process.env.BENCH_LINES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET_P95_MS = 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

const WORDS = 'remote monitoring of the server estate with patching backup checks and a monthly report to the account manager'.split(' ');
const lines = Array.from({ length: LINES }, (_, i) => {
  const qty = (i % 7) + 1;
  const unit = 1500 + ((i * 7919) % 90000);
  const discount = i % 5 === 0 ? 10 : 0;
  const total = Math.round((qty * unit * (100 - discount)) / 100);
  const description = `${WORDS.slice(0, 6 + (i % 12)).join(' ')} (line ${i + 1})`;
  return [`SKU-${String(1000 + i)}`, description, qty, unit, discount, total] as [string, string, number, number, number, number];
});
const subtotal = lines.reduce((s, l) => s + l[5], 0);
const tax = Math.round(subtotal * 0.08);

function quote() {
  return standardPage({
    title: 'Quote Q-2026-0042-R2',
    company: { name: 'Northwind Technology Services' },
    generatedAt: new Date('2026-03-31T12:00:00Z'),
    content: [
      {
        columns: [
          { stack: ['Prepared for', { text: 'Acme Utilities', bold: true }, '1 Main Street', 'Springfield'] },
          { stack: ['Valid until 30 April 2026', 'Owner: Dana Manager'], alignment: 'right' },
        ],
        margin: [0, 0, 0, 12],
      },
      summaryBlock('Managed services for the server estate, hardware refresh and support hours, as discussed on 28 March.'),
      tableBlock(
        [
          { header: 'SKU' },
          { header: 'Description' },
          { header: 'Qty', kind: 'count' },
          { header: 'Unit price', kind: 'money' },
          { header: 'Disc. %', kind: 'percent' },
          { header: 'Total', kind: 'money' },
        ],
        lines,
        { widths: [52, '*', 28, 58, 40, 62], currency: undefined },
      ),
      tableBlock([{ header: '' }, { header: 'Amount', kind: 'money' }], [['Subtotal', subtotal], ['Tax (8 %)', tax]], {
        totals: ['Total', subtotal + tax],
        widths: ['*', 90],
      }),
      chartBlock(
        chartSpec({
          kind: 'donut',
          title: 'Quote by category',
          summary: 'Managed services make up most of the quote.',
          unit: 'money',
          categories: ['Managed services', 'Hardware', 'Support hours'],
          series: [{ name: 'Amount', values: [Math.round(subtotal * 0.6), Math.round(subtotal * 0.3), subtotal - Math.round(subtotal * 0.6) - Math.round(subtotal * 0.3)] }],
        }),
        { height: 220 },
      ),
    ],
  });
}

async function main() {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) bytes = (await renderPdf(quote())).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await renderPdf(quote());
    times.push(performance.now() - started);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  const report = [
    '# PDF of a 200-line quote',
    '',
    'Measured by `npm run bench:pdf` (tests/bench/pdf.bench.ts): the PDF service (pdfmake 0.3.11, server/platform/pdf)',
    `renders a quote-like document of ${LINES} lines (standard page with logo, header and "Page X of Y" footer, a client block,`,
    'the line table with long descriptions over several pages with its header repeated, totals, and a donut chart drawn',
    `by ECharts' server-side SVG renderer), ${WARMUP} times to warm up, then ${RUNS} times; wall time per document, in one Node ${process.version}`,
    `process on ${cpus().length} shared cores.`,
    '',
    '| lines | runs | p50 | p95 | max | size | target p95 | within |',
    '|---|---|---|---|---|---|---|---|',
    `| ${LINES} | ${RUNS} | ${f(p50)} | ${f(p95)} | ${f(Math.max(...times))} | ${(bytes / 1024).toFixed(0)} KiB | ${f(TARGET_P95_MS)} | ${p95 <= TARGET_P95_MS ? 'yes' : '**no**'} |`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ].join('\n');
  writeFileSync('docs/bench/pdf.md', report);
  process.stdout.write(report);
  if (p95 > TARGET_P95_MS) process.exitCode = 1;
}

await main();
