/**
 * Quote PDF benchmark: `npm run bench:quote-pdf`.
 *
 * Renders the PDF the quotes feature downloads (server/features/quotes/pdf.ts: the standard page,
 * sections, a 200-line table with long descriptions and optional lines, totals, notes and terms)
 * for a 200-line quote of each type, BENCH_WARMUP times to warm up and BENCH_RUNS times each, and
 * writes the median and p95 to docs/bench/quote-pdf.md. Target: p95 ≤ 1 s.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { QUOTE_TYPES } from '@contracts/quotes';
import { renderQuotePdf } from '@server/features/quotes/pdf';
import { sampleQuote } from '@server/features/quotes/sample';

const LINES = Number(process.env.BENCH_LINES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_P95_MS = 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

async function main() {
  const rows: string[] = [];
  let worst = 0;
  for (const type of QUOTE_TYPES) {
    let bytes = 0;
    for (let i = 0; i < WARMUP; i++) bytes = (await renderQuotePdf(sampleQuote(type, LINES))).length;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await renderQuotePdf(sampleQuote(type, LINES));
      times.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    rows.push(`| ${type} | ${percentile(times, 50).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${(bytes / 1024).toFixed(0)} KiB |`);
  }
  const report = [
    '# PDF of a 200-line quote (quotes feature)',
    '',
    'Measured by `npm run bench:quote-pdf` (tests/bench/quote-pdf.bench.ts): the quote PDF as staff and clients download it',
    `(server/features/quotes/pdf.ts over the one PDF service), ${LINES} lines with section headings every 25 lines, long`,
    `descriptions and optional lines, for each quote type; ${WARMUP} warm-up renders, then ${RUNS} timed renders per type, one Node`,
    `${process.version} process on ${cpus().length} shared cores (${cpus()[0]?.model ?? 'unknown CPU'}).`,
    '',
    '| Type | Median | p95 | Size |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `Target: p95 ≤ ${TARGET_P95_MS} ms. Worst p95: ${worst.toFixed(0)} ms, ${worst <= TARGET_P95_MS ? 'within' : 'OVER'} the target.`,
    '',
  ].join('\n');
  writeFileSync(new URL('../../docs/bench/quote-pdf.md', import.meta.url), report);
  process.stdout.write(report);
  if (worst > TARGET_P95_MS) process.exitCode = 1;
}

void main();
