/**
 * Email in as a person at the desk sees it: the production server (`npm start`'s entry, the built
 * SPA; run `npx vite build` first) reads a real IMAP mailbox (Dovecot on loopback,
 * tests/support/dovecot.ts) through an IMAP channel, and a staff member has the ticket list open in
 * Chromium (Ticket Search, newest first). For each of MAIL_SCREEN_RUNS messages the time is taken
 * from the message appended to the mailbox to its row shown in that page.
 *
 * The page is left open and untouched (the pointer off the list): the list hears of the new ticket
 * through the staff stream of ticket changes and, on page 1 newest first, loads again by itself
 * (docs/adr/0220). The bench never reloads it.
 *
 *   npx vite build && node --import tsx tests/bench/mail-screen.bench.ts      (MAIL_SCREEN_RUNS=30)
 */
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { chromiumLaunchOptions } from '../../playwright.config';
import { DEMO_PASSWORD, STAFF, CLIENTS, staffSignIn } from '@tests/e2e/support/accounts';
import { startDovecot } from '@tests/support/dovecot';
import { startServer } from '@tests/support/server-process';

const RUNS = Number(process.env.MAIL_SCREEN_RUNS ?? 30);
const LIST = '/ticket/search?sort=id:desc';
const DOMAIN = 'screen-bench.example';
/** The longest a message may take to show in the open list before the run fails. */
const SHOW_TIMEOUT_MS = 30_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const message = (i: number, subject: string) =>
  [
    `From: Reader ${i} <reader${i}@${DOMAIN}>`,
    'To: support@helpdesk.example',
    `Subject: ${subject}`,
    `Message-ID: <screen-${i}-${Date.now()}@${DOMAIN}>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello,\r\n\r\nThe meter at site ${i} sends no readings since this morning.`,
    '',
  ].join('\r\n');

const dataDir = mkdtempSync(join(tmpdir(), 'cc-mail-screen-bench-'));
const dovecot = await startDovecot();
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', MAIL_SECRET_KEY: 'bench-key-for-mailbox-passwords-0123456789' });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const api = async (path: string, method: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { token } = await api('/api/v2/auth/login', 'POST', null, { email: STAFF.admin.email, password: DEMO_PASSWORD });
  const companies = await api(`/api/v2/companies?q=${encodeURIComponent(CLIENTS.acme.company)}`, 'GET', token);
  const companyId = (companies.rows as { id: number; name: string }[]).find((c) => c.name === CLIENTS.acme.company)!.id;
  await api('/api/v2/admin/mail-domains', 'PUT', token, { companyId, domains: [DOMAIN] });
  await api('/api/v2/admin/mail-channels', 'POST', token, {
    name: 'Screen bench mailbox',
    kind: 'imap',
    enabled: true,
    address: 'support@helpdesk.example',
    queue: 'Support',
    severity: 'M',
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapTls: false,
    imapUser: dovecot.user,
    imapPassword: dovecot.password,
  });

  const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1366, height: 800 } });
  await staffSignIn(page, STAFF.agent.email);
  await page.waitForURL(/\/home$/);
  await page.goto(LIST);
  const table = page.getByRole('table', { name: 'Tickets' });
  /** The list has drawn its rows (a ticket's title is a link; the rows of the loading state have none). */
  const drawn = () => table.getByRole('row').filter({ has: page.getByRole('link') }).first().waitFor();
  await drawn();

  const deliverer = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await deliverer.connect();
  const seen: number[] = [];
  const committed: number[] = [];
  /** When the API first lists the ticket (the reader has filed it), polled beside the page. */
  const watchApi = async (subject: string, t0: number) => {
    for (;;) {
      const rows = (await api('/api/v2/tickets?sort=id:desc&size=5', 'GET', token)).rows as { title: string }[];
      if (rows.some((r) => r.title === subject)) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  for (let i = 0; i < RUNS; i++) {
    const subject = `Screen bench ${i} ${Date.now().toString(36)}: no meter readings`;
    const t0 = performance.now();
    await deliverer.append('INBOX', message(i, subject));
    const filed = watchApi(subject, t0);
    await table.getByRole('link', { name: subject }).waitFor({ timeout: SHOW_TIMEOUT_MS });
    seen.push(performance.now() - t0);
    committed.push(await filed);
  }
  await deliverer.logout();
  const sorted = [...seen].sort((a, b) => a - b);
  const filedSorted = [...committed].sort((a, b) => a - b);
  out(`Email in → ticket on screen: the production server and build, Chromium, Dovecot on loopback, Node ${process.version}`);
  out(`arrival → row in Ticket Search left open (${RUNS} messages): p50 ${pct(sorted, 50).toFixed(0)} ms, p90 ${pct(sorted, 90).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`);
  out(`  of which arrival → ticket listed by the API (polled every 50 ms): p50 ${pct(filedSorted, 50).toFixed(0)} ms, p90 ${pct(filedSorted, 90).toFixed(0)} ms, max ${filedSorted.at(-1)!.toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.stop();
  await dovecot.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
