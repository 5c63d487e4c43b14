/**
 * A throw-away IMAP server for the tests: Debian's Dovecot (`apt-get install -y dovecot-imapd`),
 * started in the foreground on a loopback port with its own configuration, one password-file
 * user and its maildir in a temporary folder, stopped (and the folder removed) by `stop()`.
 * Nothing is skipped: when Dovecot cannot start, `startDovecot` throws saying why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

const DOVECOT = '/usr/sbin/dovecot';

export type Dovecot = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Puts a raw message (RFC 5322 text) into the user's INBOX, as delivery would. */
  deliver(raw: string | Buffer, mailbox?: string): Promise<void>;
  /** How many messages the mailbox holds, and how many are unseen. */
  count(mailbox?: string): Promise<{ messages: number; unseen: number }>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Dovecot stopped at start (exit ${child.exitCode}): ${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`Dovecot did not answer on 127.0.0.1:${port}: ${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts Dovecot; throws a clear error when it is not installed or does not start. */
export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error('Dovecot is not installed: apt-get install -y dovecot-imapd (scripts/test-all.sh installs it)');
  const dir = mkdtempSync(join(tmpdir(), 'cc-dovecot-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  // As root, Dovecot's own unprivileged account owns the mail; otherwise whoever runs the tests.
  const me = userInfo();
  const account = root ? { name: 'dovecot', group: 'dovecot' } : { name: me.username, group: me.username };
  const ids = root ? readIds('dovecot') : { uid: me.uid, gid: me.gid };
  const user = 'support';
  const password = 'mailbox-secret';
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}::::::\n`);
  if (root) {
    chmodSync(dir, 0o755);
    for (const sub of ['mail', 'state']) chownSync(join(dir, sub), ids.uid, ids.gid);
  }
  const conf = join(dir, 'dovecot.conf');
  const log = join(dir, 'log');
  writeFileSync(
    conf,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${account.name}
default_internal_group = ${account.group}
default_login_user = ${account.name}
first_valid_uid = 0
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${ids.uid} gid=${ids.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore' });
  // A test run that ends without stop() still takes its Dovecot with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child, log);
  } catch (error) {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    deliver: (raw, mailbox = 'INBOX') => withClient(async (client) => { await client.append(mailbox, raw); }),
    count: (mailbox = 'INBOX') =>
      withClient(async (client) => {
        const status = await client.status(mailbox, { messages: true, unseen: true });
        if (!status) throw new Error(`No mailbox ${mailbox}`);
        return { messages: status.messages ?? 0, unseen: status.unseen ?? 0 };
      }),
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`No ${name} account for Dovecot`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
