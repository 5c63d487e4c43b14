/**
 * What the JavaScript heap holds per live stream: `node tests/bench/live-heap-diff.ts before.heapsnapshot
 * open.heapsnapshot 1000` (snapshots written by tests/bench/live-memory-server.ts with LIVE_HEAP_DIR)
 * prints the kinds of object whose count or size grew most between the two, per stream, as a Markdown table.
 */
import { readFileSync } from 'node:fs';

type Tally = Map<string, { count: number; size: number }>;

function tally(path: string): Tally {
  const snapshot = JSON.parse(readFileSync(path, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out: Tally = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    // Strings and code by their kind only; objects by their constructor's name.
    const name = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]!]!.slice(0, 60)}` : type;
    const entry = out.get(name) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += snapshot.nodes[i + sizeAt]!;
    out.set(name, entry);
  }
  return out;
}

const [beforePath, afterPath, streams = '1000'] = process.argv.slice(2);
const n = Number(streams);
const before = tally(beforePath!);
const after = tally(afterPath!);
const rows = [...after].map(([name, a]) => {
  const b = before.get(name) ?? { count: 0, size: 0 };
  return { name, count: (a.count - b.count) / n, size: (a.size - b.size) / n };
});
rows.sort((x, y) => y.size - x.size);
const total = rows.reduce((t, r) => t + r.size, 0);
process.stdout.write(`| kind | objects per stream | bytes per stream |\n|---|---|---|\n`);
for (const r of rows.slice(0, 30)) process.stdout.write(`| ${r.name.replace(/\|/g, '\\|')} | ${r.count.toFixed(2)} | ${r.size.toFixed(0)} |\n`);
process.stdout.write(`| all | | ${total.toFixed(0)} |\n`);
