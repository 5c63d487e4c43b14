import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { embeddedConnection } from '@server/platform/db/embedded';
import { E2E_DATA_DIR } from '../../playwright.config';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

/** The e2e server's embedded database, reached on its unix socket (E2E_DATA_DIR of playwright.config.ts). */
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(embeddedConnection(resolve(E2E_DATA_DIR)));
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The bell (asked again on focus) says the user's unread count as the database holds it. */
async function expectBellMatchesDatabase(page: Page, userId: number) {
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
  await expect(async () => {
    const [{ n }] = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`, [userId])) as [{ n: number }];
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(bell).toHaveAccessibleName(n === 0 ? 'Notifications, none unread' : `Notifications, ${n} unread`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('a client replies in the portal; the assigned agent sees the bell count and opens the ticket from it', async ({ page, browser, request }) => {
  const title = `Reads gap ${Date.now().toString(36)}`;

  // The agent raises a ticket for Acme and keeps it (taking one yourself tells you nothing).
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.agent.email, password: DEMO_PASSWORD } });
  const token = (await login.json()).token as string;
  const [ids] = await query<{ company_id: number; agent_id: number }>(
    `SELECT (SELECT company_id FROM client_users WHERE email = $1) AS company_id, (SELECT id FROM staff_users WHERE email = $2) AS agent_id`,
    [CLIENTS.acme.email, STAFF.agent.email],
  );
  const { company_id, agent_id } = ids!;
  const created = await request.post('/api/v2/tickets', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, description: 'Half the meters report no reads', company_id, severity: 'M', queue: 'Support', assignee_id: agent_id },
  });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { ticket: { id: number } }).ticket.id;

  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
  await expect(bell).toBeVisible();

  // The client answers in the portal.
  const client = await browser.newContext();
  const portal = await client.newPage();
  await clientLogIn(portal, CLIENTS.acme.email);
  await expect(portal).toHaveURL(/\/client$/);
  await portal.goto(`/client/tickets?id=${ticketId}`);
  await portal.getByLabel('Your reply').fill('Still no reads from the north district this morning.');
  await portal.getByRole('button', { name: 'Send reply' }).click();
  // Sent once it is in the thread (the reply box holds the same text until then), before its page closes.
  await expect(portal.getByRole('article').filter({ hasText: 'Still no reads from the north district this morning.' })).toBeVisible();
  await client.close();

  // The notice is written by the event's subscriber once the reply is committed, not in the reply's own request.
  const unreadReply = async () =>
    (await query<{ id: string }>(`SELECT id FROM notifications WHERE user_id = $1 AND ticket_id = $2 AND kind = 'client_reply' AND read_at IS NULL`, [agent_id, ticketId]))[0];
  await expect.poll(async () => (await unreadReply()) !== undefined, { timeout: 15_000 }).toBe(true);
  const reply = (await unreadReply())!;
  // Back on the agent's tab: coming back to it asks for the count at once. Other journeys run
  // beside this one and may notify the agent too, so the bell is compared with the database.
  await expectBellMatchesDatabase(page, agent_id);

  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const link = popover.getByRole('link', { name: new RegExp(`replied on ticket #${ticketId}`) });
  await expect(link).toBeVisible();
  await expect(link).toContainText(title);
  await expectAccessible(page);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));
  await expect(popover).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(title) }).first()).toBeVisible();
  const [opened] = await query<{ read: boolean }>(`SELECT read_at IS NOT NULL AS read FROM notifications WHERE id = $1`, [reply.id]);
  expect(opened!.read).toBe(true);
  await expectBellMatchesDatabase(page, agent_id);
});
