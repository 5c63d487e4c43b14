/**
 * The survey link checks its key on open (issue 15): a link that is not valid says so at once; a
 * valid one opens its survey and thanks; a key answered before says so and takes a new answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

async function expectNoAxeViolations(page: Page) {
  const results = await analyzeAxe(page);
  expect(axeLines(results.violations)).toEqual([]);
}

/** A fresh support survey link: an admin resends the survey of a closed ticket and reads it from the outbox. */
async function supportLink(page: Page): Promise<string> {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  const headers = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` };
  // Resending works for closed tickets only; the demo data close about a third of them.
  for (let id = 1; id <= 200; id++) {
    const res = await page.request.post('/api/v2/surveys/support/send', { headers, data: { ticketId: id } });
    if (res.status() !== 200 || (await res.json()).queued !== 1) continue;
    const mail = await page.request.get('/api/v2/admin/outbox?pageSize=5', { headers });
    const row = ((await mail.json()).rows as { body: string; kind: string }[]).find((m) => m.kind === 'survey.support')!;
    const path = new URL(/https?:\/\/\S+\/survey\/\S+/.exec(row.body)![0]).pathname;
    // The demo data answered some surveys already: take a link nobody has answered yet.
    const status = await (await page.request.get(`/api/survey-keys/${path.split('/').pop()}?type=TCS`)).json();
    if (!status.answered) return path;
  }
  throw new Error('no closed ticket with an unanswered survey in the demo data');
}

test('a link that is not valid says so at once, with no form to fill in vain', async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/survey-keys/')) checks.push(new URL(r.url()).pathname);
  });
  // A well-formed key the server never issued: asked, and refused.
  await page.goto(`/survey/1/${'Q'.repeat(32)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This survey link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page).toHaveTitle('Survey link not valid · Client Care');
  expect(checks).toEqual([`/api/survey-keys/${'Q'.repeat(32)}`]);
  await expectNoAxeViolations(page);

  // A key that can never be one: not valid without asking.
  await page.goto('/survey/0/not%20a%20key');
  await expect(page.getByRole('heading', { level: 1, name: 'This survey link is not valid' })).toBeVisible();
  expect(checks).toHaveLength(1);
});

test('a valid link opens its survey and thanks; opened again it says it was answered and takes a new answer', async ({ page, browser }) => {
  const link = await supportLink(page);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const respondent = await phone.newPage();

  await respondent.goto(link);
  await expect(respondent.getByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
  await expect(respondent.getByText(/You already answered this survey/)).toHaveCount(0);
  // The spec's defaults: the middle face.
  await expect(respondent.getByRole('radio', { name: 'Neutral' })).toBeChecked();
  await respondent.getByRole('radio', { name: 'Satisfied', exact: true }).check();
  await respondent.getByRole('button', { name: 'Save' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
  await expect(respondent).toHaveTitle('Thank you · Client Care');

  await respondent.goto(link);
  await expect(respondent.getByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
  const notice = respondent.getByRole('status').filter({ hasText: 'You already answered this survey on' });
  await expect(notice).toContainText('You may answer it again: your latest answer is the one that counts.');
  await expectNoAxeViolations(respondent);
  await respondent.getByRole('radio', { name: 'Very satisfied' }).check();
  await respondent.getByRole('button', { name: 'Save' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
  await phone.close();

  // The server knows the key as answered, with the time of the latest answer.
  const key = link.split('/').pop()!;
  const status = await (await page.request.get(`/api/survey-keys/${key}?type=TCS`)).json();
  expect(status).toMatchObject({ valid: true, answered: true });
  expect(Date.now() - Date.parse(status.answeredAt)).toBeLessThan(10 * 60_000);
});
