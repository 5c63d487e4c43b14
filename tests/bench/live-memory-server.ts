/**
 * The production server (server/server.ts) with a memory probe for the streams benchmark
 * (tests/bench/live-streams-memory.bench.ts): on SIGUSR2 it collects garbage fully and writes its heap
 * used and resident set, in bytes, as one JSON line to LIVE_MEMORY_FILE.
 */
import { appendFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const out = process.env.LIVE_MEMORY_FILE!;

process.on('SIGUSR2', () => {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  appendFileSync(out, `${JSON.stringify({ heapUsed, rss })}\n`);
});

await import('../../server/server');
