import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { expectWholeThumbnail } from './support/visual';
import { analyzeAxe } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
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

/** A photo (PNG) and a PDF of the journey, written where the test keeps its output. */
async function photoAndPdf(outputPath: (name: string) => string, stamp: string): Promise<{ photo: string; pdf: string }> {
  const photo = outputPath(`jam-${stamp}.png`);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6fd6' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="800"><rect x="150" y="150" width="900" height="500" rx="40" fill="#f5c542"/></svg>') }])
    .png()
    .toFile(photo);
  const pdf = outputPath(`meter-report-${stamp}.pdf`);
  writeFileSync(pdf, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% meter report ${stamp}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  return { photo, pdf };
}

test('files chosen while raising a ticket are on it: staff Create Ticket and the client portal; an image opens full size', async ({ page, browser }, info) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const { photo, pdf } = await photoAndPdf((name) => info.outputPath(name), stamp);

  // Staff: Create Ticket with a photo and a PDF chosen.
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/create/ticket');
  const main = page.getByRole('main');
  await main.getByLabel('Title').fill(`Bill printer jams ${stamp}`);
  await main.getByLabel('Description').fill('Jams on every second page since the toner change.');
  await main.getByRole('combobox', { name: 'Company' }).fill('Acme');
  await page.getByRole('option', { name: new RegExp(CLIENTS.acme.company) }).first().click();
  await main.locator('[data-testid="file-picker"] input[type="file"]').setInputFiles([photo, pdf]);
  const chosen = main.getByRole('list', { name: 'Files to attach' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText(`jam-${stamp}.png`);
  await expectAccessible(page);
  await shot(page, 'create-ticket-with-files');
  await main.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/ticket\/\d+$/);
  const staffTicketId = page.url().split('/').pop()!;
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByRole('button', { name: new RegExp(`^Open jam-${stamp}\\.png`) })).toBeVisible();
  await expect(description.getByRole('button', { name: new RegExp(`^Download meter-report-${stamp}\\.pdf`) })).toBeVisible();
  // The photo's thumbnail, fetched with the session.
  await expect(description.locator('img[src^="blob:"]')).toHaveCount(1);
  await expectWholeThumbnail(description.locator('img[src^="blob:"]'));
  await shot(page, 'staff-ticket-with-image-and-pdf');

  // The photo opens full size; Escape closes it and the keyboard is back on its name.
  const openPhoto = description.getByRole('button', { name: new RegExp(`^Open jam-${stamp}\\.png`) });
  await openPhoto.click();
  const viewer = page.getByRole('dialog', { name: `jam-${stamp}.png` });
  const full = viewer.getByRole('img', { name: `jam-${stamp}.png` });
  await expect(full).toBeVisible();
  // The whole image, not the thumbnail: its own width once decoded.
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectAccessible(page);
  await shot(page, 'staff-image-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(openPhoto).toBeFocused();
  // The PDF still downloads.
  const pdfDownload = page.waitForEvent('download');
  await description.getByRole('button', { name: new RegExp(`^Download meter-report-${stamp}\\.pdf`) }).click();
  expect((await pdfDownload).suggestedFilename()).toBe(`meter-report-${stamp}.pdf`);

  // The client portal: a new ticket with the same files; the ticket shows them, the photo as a thumbnail that opens.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await clientLogIn(client, CLIENTS.acme.email);
  await expect(client).toHaveURL(/\/client$/);
  await client.goto('/client/tickets');
  const form = client.getByRole('region', { name: 'Create a ticket' });
  const title = `Meter readings skipped ${stamp}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Route 7 shows gaps; a photo of the screen and the report are attached.');
  await form.locator('[data-testid="file-picker"] input[type="file"]').setInputFiles([photo, pdf]);
  await expect(form.getByRole('list', { name: 'Files to attach' }).getByRole('listitem')).toHaveCount(2);
  await shot(client, 'client-new-ticket-with-files');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await client.getByRole('link', { name: /^Open ticket #\d+$/ }).click();
  await expect(client.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  const opening = client.getByRole('article').first();
  await expect(opening.getByRole('button', { name: new RegExp(`^Open jam-${stamp}\\.png`) })).toBeVisible();
  await expect(opening.getByRole('button', { name: new RegExp(`^Download meter-report-${stamp}\\.pdf`) })).toBeVisible();
  await expect(opening.locator('img[src^="blob:"]')).toHaveCount(1);
  await expectWholeThumbnail(opening.locator('img[src^="blob:"]'));
  await expectAccessible(client);
  await shot(client, 'client-ticket-with-image-and-pdf');
  const clientPhoto = opening.getByRole('button', { name: new RegExp(`^Open jam-${stamp}\\.png`) });
  await clientPhoto.click();
  const clientViewer = client.getByRole('dialog', { name: `jam-${stamp}.png` });
  await expect(clientViewer.getByRole('img', { name: `jam-${stamp}.png` })).toBeVisible();
  await shot(client, 'client-image-viewer');
  await client.keyboard.press('Escape');
  await expect(clientViewer).toHaveCount(0);
  await expect(clientPhoto).toBeFocused();
  await clientContext.close();
  expect(staffTicketId).toMatch(/^\d+$/);
});
