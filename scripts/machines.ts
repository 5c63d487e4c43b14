/**
 * Writes the diagram of every registered machine to docs/machines/<id>.svg and <id>.mmd.
 * `--check` writes nothing and fails when a file is missing, stale, or left over from a machine
 * that is no longer registered. `--coverage` prints the path-test coverage of the last test run.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, unlinkSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphToMermaid, graphToSvg, machineToGraph } from '@/shared/machines/diagram';
import { machineRegistry } from '@/app/machine-registry';
import { machinesWithoutPathTests } from '@tests/support/coverage-allow-list';

export const MACHINES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');

/** The files `npm run machines` writes, by file name. */
export function expectedDiagramFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of machineRegistry) {
    const graph = machineToGraph(entry.machine);
    files.set(`${entry.id}.svg`, graphToSvg(graph));
    files.set(`${entry.id}.mmd`, graphToMermaid(graph));
  }
  return files;
}

/** Differences between docs/machines and the registry: one line per stale, missing or orphan file. */
export function checkDiagrams(dir = MACHINES_DIR): string[] {
  const expected = expectedDiagramFiles();
  const problems: string[] = [];
  for (const [name, text] of expected) {
    const path = join(dir, name);
    if (!existsSync(path)) problems.push(`missing: docs/machines/${name}`);
    else if (readFileSync(path, 'utf8') !== text) problems.push(`out of date: docs/machines/${name}`);
  }
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (/\.(svg|mmd)$/.test(name) && !expected.has(name)) problems.push(`not a registered machine: docs/machines/${name}`);
    }
  }
  return problems;
}

function writeDiagrams(dir = MACHINES_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  const expected = expectedDiagramFiles();
  const written: string[] = [];
  for (const [name, text] of expected) {
    const path = join(dir, name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      writeFileSync(path, text);
      written.push(name);
    }
  }
  for (const name of readdirSync(dir)) {
    if (/\.(svg|mmd)$/.test(name) && !expected.has(name)) {
      unlinkSync(join(dir, name));
      written.push(`${name} (removed)`);
    }
  }
  return written;
}

const COVERAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'path-coverage');
type CoverageFile = { id: string; states: { reached: number; total: number; missing: string[] }; transitions: { reached: number; total: number; missing: string[] } };

/** The path-test coverage of every registered machine, from the last run of the path tests. */
function coverageTable(): string {
  const pct = (a: number, b: number) => `${b ? ((a / b) * 100).toFixed(1) : '100.0'}%`;
  const rows = machineRegistry.map((entry) => {
    const path = join(COVERAGE_DIR, `${entry.id}.json`);
    const without = machinesWithoutPathTests[entry.id];
    if (without) return `${entry.id.padEnd(24)} no path test: ${without}`;
    if (!existsSync(path)) return `${entry.id.padEnd(24)} no path-test report (run npx vitest run --project browser-logic)`;
    const c = JSON.parse(readFileSync(path, 'utf8')) as CoverageFile;
    const missing = [...c.states.missing, ...c.transitions.missing];
    return (
      `${entry.id.padEnd(24)} states ${`${c.states.reached}/${c.states.total}`.padStart(7)} ${pct(c.states.reached, c.states.total).padStart(6)}` +
      `   transitions ${`${c.transitions.reached}/${c.transitions.total}`.padStart(7)} ${pct(c.transitions.reached, c.transitions.total).padStart(6)}` +
      (missing.length ? `   unreached: ${missing.join(', ')}` : '')
    );
  });
  return `${rows.join('\n')}\n`;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (process.argv.includes('--coverage')) {
    process.stdout.write(coverageTable());
  } else if (process.argv.includes('--check')) {
    const problems = checkDiagrams();
    if (problems.length) {
      process.stderr.write(`${problems.join('\n')}\nRun \`npm run machines\` and commit docs/machines.\n`);
      process.exit(1);
    }
    process.stdout.write(`docs/machines is up to date (${machineRegistry.length} machines).\n`);
  } else {
    const written = writeDiagrams();
    process.stdout.write(written.length ? `wrote ${written.join(', ')}\n` : 'docs/machines is up to date.\n');
  }
}
