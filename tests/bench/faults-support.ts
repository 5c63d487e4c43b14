/**
 * What the fault benches share: a throw-away PostgreSQL 15 server (scripts/test-postgres.sh), the
 * app started as `npm start` starts it, signing in, a load of workers that keep count of every
 * answer, and writing one section of docs/bench/faults.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@server/seed/demo';
import type { RunningServer } from '@tests/support/server-process';

export const FAULTS_DOC = join(process.cwd(), 'docs/bench/faults.md');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a command with no pipes (a postmaster started by it keeps none open) and waits for its exit. */
const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });

export type Postgres = { url: string; dir: string; restart(): Promise<void>; stop(): void };

/** Starts Debian's PostgreSQL (the newest installed) in `dir` on a free loopback port. */
export function startPostgres(dir: string): Postgres {
  const out = execFileSync('bash', ['scripts/test-postgres.sh', 'start', dir], { encoding: 'utf8' });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`no database URL in: ${out}`);
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], { encoding: 'utf8' }).trim();
  // Run without blocking: the load goes on while the server restarts.
  const asPostgres = async (args: string[]) => {
    await (process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', ...args]) : run(args[0]!, args.slice(1)));
  };
  return {
    url,
    dir,
    restart: () => asPostgres([`${bin}/pg_ctl`, '-D', join(dir, 'db'), '-m', 'fast', '-w', 'restart']),
    stop: () => execFileSync('bash', ['scripts/test-postgres.sh', 'stop', dir], { stdio: 'ignore' }),
  };
}

export async function signIn(server: RunningServer, email = 'agent@demo.test'): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export type Answer = { status: number | 'network' | 'timeout'; retryAfter: string | null; body: string; at: number };

export async function request(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text(), at: Date.now() };
  } catch (error) {
    return { status: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network', retryAfter: null, body: String(error), at: Date.now() };
  }
}

/** Counts answers by status ("503+RA" for a 503 with Retry-After). */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 503 && a.retryAfter ? '503+Retry-After' : String(a.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The machine as it was during a run: the machine is shared, so its load is part of the figure. */
export function machine(): string {
  const [one, five] = loadavg();
  return `${cpus().length} cores (${cpus()[0]?.model.trim()}), load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min) at the end; the machine is shared with other work, so times are upper bounds`;
}

/** Replaces the section between `<!-- name -->` and `<!-- /name -->` of docs/bench/faults.md (appends it when missing). */
export function writeSection(name: string, markdown: string): void {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const doc = existsSync(FAULTS_DOC) ? readFileSync(FAULTS_DOC, 'utf8') : '# Faults survived\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next = from >= 0 && to > from ? doc.slice(0, from) + block + doc.slice(to + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(FAULTS_DOC, next);
}

/** Stops the app (SIGTERM); kills its process group when it has not stopped in 20 s. */
export async function stopServer(server: RunningServer): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 20_000)));
  if ((await Promise.race([server.stop(), late])) === 'late') await server.killGroup('SIGKILL');
  clearTimeout(timer);
}
