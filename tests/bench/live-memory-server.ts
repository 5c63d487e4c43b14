/**
 * The production server (server/server.ts) with a memory probe for the streams benchmark
 * (tests/bench/live-streams-memory.bench.ts): on SIGUSR2 it collects garbage fully and writes
 * process.memoryUsage() (resident set, heap used and reserved, external, array buffers) and the resident set's
 * anonymous part, in bytes, and the CPU time it used so far, as one JSON line to LIVE_MEMORY_FILE.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const out = process.env.LIVE_MEMORY_FILE!;
/** With LIVE_HEAP_DIR, each probe also writes a heap snapshot there (probe-1.heapsnapshot, …), for tests/bench/live-heap-diff.ts. */
const heapDir = process.env.LIVE_HEAP_DIR;
let probes = 0;

process.on('SIGUSR2', () => {
  // The CPU time the process used so far (µs), read before the collections below add theirs.
  const { user, system } = process.cpuUsage();
  gc();
  gc();
  const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
  // The resident set's anonymous part (the heaps, malloc's arenas), without the mapped code and files.
  const rssAnon = Number(/^RssAnon:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  if (heapDir) writeHeapSnapshot(join(heapDir, `probe-${++probes}.heapsnapshot`));
  appendFileSync(out, `${JSON.stringify({ heapUsed, heapTotal, external, arrayBuffers, rss, rssAnon, cpuMicros: user + system })}\n`);
});

await import('../../server/server');
