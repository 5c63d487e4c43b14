/**
 * The production server as `npm start` runs it (`node --import tsx server/server.ts`), started
 * in its own process group so that a test can stop it (SIGTERM) or kill the whole group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { embeddedPaths } from '@server/platform/db/embedded';

/** The pid of the embedded PostgreSQL server's postmaster in DATA_DIR (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(embeddedPaths(dataDir).pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type RunningServer = {
  url: string;
  /** The Node process (leader of its process group). */
  pid: number;
  /** SIGTERM to the group; answers the exit code. */
  stop(): Promise<number | null>;
  /** A signal to the whole process group (what `kill -9 -PGID` does); answers when Node is gone. */
  killGroup(signal?: NodeJS.Signals): Promise<void>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
};

/** `entry`: another script that runs the server (the operations suite's probe server). */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000, entry = 'server/server.ts'): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) signalGroup('SIGTERM');
      return exited;
    },
    killGroup: async (signal = 'SIGKILL') => {
      signalGroup(signal);
      await exited;
    },
    stderr: () => stderr,
  };
}
