import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Where screenshots of the journey go (looked at by a person; not compared). */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, viewport] of [['desktop', { width: 1366, height: 800 }], ['phone', { width: 375, height: 812 }]] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `${name}-${size}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('staff attach a file to a public note; the client sees it on the ticket and downloads it', async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  // One of Acme's tickets, as the client sees their list.
  const login = await request.post('/api/v2/client/login', { data: { email: CLIENTS.acme.email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/v2/client/tickets?pageSize=1', { headers: { authorization: `Bearer ${(await login.json()).token}` } });
  const ticketId = (await list.json()).items[0].id as number;

  // The staff side: a public note with a log file and a photo.
  const stamp = Date.now().toString(36);
  const log = info.outputPath(`meter-${stamp}.log`);
  writeFileSync(log, `2030-01-01 09:00 meter sync ${stamp} failed: timeout\n`.repeat(20));
  const internalFile = info.outputPath(`internal-${stamp}.txt`);
  writeFileSync(internalFile, 'for the team only\n');
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/ticket/${ticketId}`);
  const form = page.getByRole('form', { name: 'Add a note' });
  await expect(form).toBeVisible();
  // An internal note's file first: the client must never see it.
  await form.getByLabel('Note').fill(`Root cause ${stamp}`);
  await form.getByText('Internal (never shown to the client)').click();
  await form.locator('input[type="file"]').setInputFiles(internalFile);
  await form.getByRole('button', { name: 'Add note' }).click();
  const thread = page.getByTestId('thread');
  await expect(thread.getByRole('button', { name: new RegExp(`^Download internal-${stamp}\\.txt`) })).toBeVisible();

  const note = page.getByRole('form', { name: 'Add a note' });
  await note.getByLabel('Note').fill(`Sync log attached ${stamp}`);
  await note.locator('input[type="file"]').setInputFiles(log);
  await expect(note.getByRole('list', { name: 'Files to attach' })).toContainText(`meter-${stamp}.log`);
  await expectAccessible(page);
  await shot(page, 'staff-note-with-file');
  await note.getByRole('button', { name: 'Add note' }).click();
  const download = thread.getByRole('button', { name: new RegExp(`^Download meter-${stamp}\\.log`) });
  await expect(download).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a note' }).getByRole('list', { name: 'Files to attach' })).toHaveCount(0);
  // Staff download it too, under its name.
  const staffFile = page.waitForEvent('download');
  await download.click();
  expect((await staffFile).suggestedFilename()).toBe(`meter-${stamp}.log`);

  // The client side.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await clientLogIn(client, CLIENTS.acme.email);
  await expect(client).toHaveURL(/\/client$/);
  await client.goto(`/client/tickets?id=${ticketId}`);
  const message = client.getByRole('article').filter({ hasText: `Sync log attached ${stamp}` });
  await expect(message).toBeVisible();
  await expect(client.getByText(`Root cause ${stamp}`)).toHaveCount(0);
  await expect(client.getByRole('button', { name: new RegExp(`internal-${stamp}`) })).toHaveCount(0);
  await expectAccessible(client);
  await shot(client, 'client-ticket-with-file');
  const clientFile = client.waitForEvent('download');
  await message.getByRole('button', { name: new RegExp(`^Download meter-${stamp}\\.log`) }).click();
  const got = await clientFile;
  expect(got.suggestedFilename()).toBe(`meter-${stamp}.log`);
  expect(readFileSync((await got.path())!, 'utf8')).toContain(`meter sync ${stamp} failed`);
  await clientContext.close();
});
