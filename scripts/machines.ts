/**
 * Writes the diagram of every registered machine to docs/machines/<id>.svg and <id>.mmd.
 * `--check` writes nothing and fails when a file is missing, stale, or left over from a machine
 * that is no longer registered.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, unlinkSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphToMermaid, graphToSvg, machineToGraph } from '../src/machines/diagram';
import { machineRegistry } from '../src/machines/registry';

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

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (process.argv.includes('--check')) {
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
