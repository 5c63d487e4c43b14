import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

/** The assistant in the browser: the client's chat, the staff window, and what each may see. */

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await analyzeAxe(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

async function tokenOf(request: APIRequestContext, path: string, email: string): Promise<string> {
  const res = await request.post(path, { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function ask(page: Page, question: string) {
  const box = page.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
  const turn = page.getByRole('region', { name: `Question: ${question}` });
  await expect(turn.getByText('Was this helpful?').or(turn.getByText(/open a ticket|ticket search/i).first())).toBeVisible();
  // The question box is ready for the next question.
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
  return turn;
}

async function openClientChat(page: Page, email: string) {
  await clientLogIn(page, email);
  await expect(page).toHaveURL(/\/client\/?$/);
  await page.goto('/client/clientaichat');
  await expect(page.getByRole('heading', { name: 'AI chat' })).toBeVisible();
}

// A Globex ticket of this run, resolved: the staff may find it; Acme never sees it.
const stamp = Date.now().toString(36);
const globexTitle = `Lobby kiosk prints receipts in lira ${stamp}`;
let globexTicket = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const client = await tokenOf(request, '/api/v2/client/login', CLIENTS.globex.email);
  const created = await request.post('/api/v2/client/tickets', {
    headers: { authorization: `Bearer ${client}`, 'idempotency-key': `assistant-e2e-${stamp}` },
    data: { title: globexTitle, description: `Since the update the lobby kiosk prints lira on every receipt (${stamp}).` },
  });
  expect(created.status()).toBe(201);
  globexTicket = ((await created.json()) as { id: number }).id;
  const staff = await tokenOf(request, '/api/v2/auth/login', STAFF.agent.email);
  const closed = await request.patch(`/api/v2/tickets/${globexTicket}`, { headers: { authorization: `Bearer ${staff}` }, data: { status: 'C' } });
  expect(closed.ok()).toBe(true);
  // The re-index runs every minute: wait until the staff's assistant finds the ticket.
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/v2/assistant/ask', { headers: { authorization: `Bearer ${staff}` }, data: { question: `kiosk receipts lira ${stamp}` } });
        return (await res.text()).includes(`/ticket/${globexTicket}"`);
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
});

test('a client asks about a help article, sees it cited first, and the link opens it', async ({ page }) => {
  await openClientChat(page, CLIENTS.acme.email);
  await expectNoSeriousA11yViolations(page);
  const turn = await ask(page, 'How long is the link to reset my password valid?');
  const source = turn.getByRole('link', { name: 'How to reset your password' });
  await expect(source).toBeVisible();
  await expect(turn.getByText(/60 minutes/).last()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [article] = await Promise.all([page.waitForEvent('popup'), source.click()]);
  await expect(article).toHaveURL(/\/client\/help\/resources\?article=\d+/);
  await expect(article.getByRole('heading', { name: 'How to reset your password' }).first()).toBeVisible();
});

test("a client asks about another company's ticket and gets nothing of it", async ({ page }) => {
  await openClientChat(page, CLIENTS.acme.email);
  const question = `Why does the lobby kiosk print receipts in lira ${stamp}?`;
  const turn = await ask(page, question);
  await expect(turn.getByText('Was this helpful?').or(turn.getByText(/open a ticket/i).first())).toBeVisible();
  const reply = ((await turn.textContent()) ?? '').replace(question, '');
  expect(reply).not.toContain(stamp);
  expect(reply).not.toContain(globexTitle);
  await expect(turn.locator(`a[href$="tickets?id=${globexTicket}"]`)).toHaveCount(0);
});

test('a client hands the conversation over and finds the ticket in their tickets', async ({ page }) => {
  await openClientChat(page, CLIENTS.acme.email);
  const question = `I want to talk to a person about meter ${stamp}`;
  const turn = await ask(page, question);
  await turn.getByRole('button', { name: 'Open a ticket with this conversation' }).click();
  const opened = turn.getByRole('status').filter({ hasText: /Ticket #\d+ is open for our support team/ });
  await expect(opened).toBeVisible();
  const id = /#(\d+)/.exec((await opened.textContent()) ?? '')![1]!;
  await opened.getByRole('link', { name: 'View the ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/tickets\\?id=${id}$`));
  await expect(page.getByText(`Assistant: ${question}`).first()).toBeVisible();
  await page.goto('/client/tickets');
  await expect(page.getByText(`Assistant: ${question}`).first()).toBeVisible();
});

test('staff ask in the assistant window about a resolved ticket and get it cited', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const [chat] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'AI Chatbot' }).click()]);
  await expect(chat.getByText(`Signed in as ${STAFF.agent.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(chat);
  const turn = await ask(chat, `Which ticket had the lobby kiosk print receipts in lira ${stamp}?`);
  const cited = turn.getByRole('link', { name: new RegExp(globexTitle) });
  await expect(cited).toHaveAttribute('href', `/ticket/${globexTicket}`);
  await expectNoSeriousA11yViolations(chat);
});
