import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

const FAILURE = (phone: string) =>
  `There was an issue submitting your survey. Please try again, or contact Diversified Support at ${phone} Option 1 M-F 8:00am to 5:00pm.`;
/** The server's default SUPPORT_PHONE (the e2e server sets none). */
const SUPPORT_PHONE = '1-800-555-0199';

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

async function adminToken(page: Page): Promise<string> {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  return (await page.evaluate(() => sessionStorage.getItem('token')))!;
}

type OutboxRow = { id: number; toAddress: string; subject: string; body: string; kind: string };

async function outbox(request: APIRequestContext, token: string): Promise<OutboxRow[]> {
  const res = await request.get('/api/v2/admin/outbox?pageSize=50', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).rows;
}

/** The path of the survey link in an email (the public address may name another host). */
const linkPath = (body: string) => new URL(/https?:\/\/\S+\/survey\/\S+/.exec(body)![0]).pathname;

/** Queues both survey emails as staff would: a client care survey to Acme, and a closed ticket's support survey. */
async function queueSurveys(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  // The manager confirms the recipients the page lists: every contact of Acme with an address.
  const recipients = (await (await request.get('/api/v2/surveys/client-care/recipients?companyId=1', { headers })).json()).rows as { id: number }[];
  const css = await request.post('/api/v2/surveys/client-care/send', { headers, data: { companyId: 1, contactIds: recipients.map((r) => r.id) } });
  expect(css.status(), await css.text()).toBe(200);
  expect((await css.json()).queued).toBeGreaterThan(0);
  // The demo data close about a third of the tickets; resend the survey of the first closed one.
  for (let id = 1; id < 100; id++) {
    const res = await request.post('/api/v2/surveys/support/send', { headers, data: { ticketId: id } });
    if (res.status() === 200 && (await res.json()).queued === 1) return;
  }
  throw new Error('no closed ticket with a contact email in the demo data');
}

async function expectNoSeriousViolations(page: Page) {
  const results = await analyzeAxe(page);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(axeLines(serious)).toEqual([]);
}

test.describe.serial('surveys end to end', () => {
  let links: { css: string; tcs: string };

  test('a link from the outbox opens the survey; both surveys reach the thank-you view and count in the results', async ({ page, browser }) => {
    const token = await adminToken(page);
    await queueSurveys(page.request, token);
    const mail = await outbox(page.request, token);
    const css = mail.find((m) => m.kind === 'survey.client_care')!;
    const tcs = mail.find((m) => m.kind === 'survey.support')!;
    links = { css: linkPath(css.body), tcs: linkPath(tcs.body) };
    expect(links.css).toMatch(/^\/survey\/0\/[\w-]{32}$/);
    expect(links.tcs).toMatch(/^\/survey\/1\/[\w-]{32}$/);

    // A respondent's phone: a fresh context with no staff session.
    const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const respondent = await phone.newPage();
    const scripts: string[] = [];
    respondent.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    await respondent.goto(links.css);
    await expect(respondent.getByRole('heading', { level: 1, name: 'CLIENT CARE SURVEY' })).toBeVisible();
    // Its own light entry: neither the staff nor the client bundle is loaded.
    expect(scripts.some((s) => /\/assets\/(main|StaffApp|ClientApp)-/.test(s))).toBe(false);
    await expectNoSeriousViolations(respondent);
    await respondent.getByRole('radio', { name: 'Very satisfied' }).check();
    await respondent.getByRole('radio', { name: '10', exact: true }).check();
    await respondent.getByLabel('How could we improve your experience?').fill('Keep the monthly check-ins');
    await expect(respondent.getByText('26 / 1500 characters')).toBeVisible();
    await respondent.getByRole('button', { name: 'Save' }).click();
    await expect(respondent.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    await expect(respondent.getByText('You may now exit this web page.')).toBeVisible();
    await expectNoSeriousViolations(respondent);

    await respondent.goto(links.tcs);
    await expect(respondent.getByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
    await expectNoSeriousViolations(respondent);
    // Keyboard: the faces are one radio group.
    await respondent.getByRole('radio', { name: 'Neutral' }).focus();
    await respondent.keyboard.press('ArrowLeft');
    await expect(respondent.getByRole('radio', { name: 'Dissatisfied', exact: true })).toBeChecked();
    await respondent.getByLabel('What could we have done better?').fill('Answer the phone faster');
    await respondent.getByRole('button', { name: 'Save' }).click();
    await expect(respondent.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    await phone.close();

    await page.goto('/report/surveys');
    await expect(page.getByRole('heading', { name: 'Survey results' })).toBeVisible();
    // Today's answers are this test's own: the demo's answers are all older than a day.
    const today = new Date().toISOString().slice(0, 10);
    // The kit's date pickers take the date segment by segment (month, day, year in en-US).
    const [year, month, day] = today.split('-');
    for (const label of ['From', 'To']) {
      await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
      await page.keyboard.type(`${month}${day}${year}`);
    }
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('survey-responses')).toHaveText('2');
    await expect(page.getByTestId('survey-csat')).toHaveText('50.00%');
    await expect(page.getByTestId('survey-nps')).toHaveText('+100');
    await expect(page.getByText('Keep the monthly check-ins')).toBeVisible();
    await expect(page.getByText('Answer the phone faster')).toBeVisible();
    // The kit's select, with the keyboard: focus, open, choose.
    await page.getByRole('button', { name: /Survey$/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'SUPPORT SURVEY' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('survey-responses')).toHaveText('1');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    expect((await download).suggestedFilename()).toBe('survey_results.csv');
    await expectNoSeriousViolations(page);
  });

  test('with the API down the survey alerts the failure text with the support phone', async ({ page }) => {
    await page.route('**/api/submitsurvey', (route) => route.abort('connectionrefused'));
    await page.goto(links.tcs);
    await page.getByLabel('Additional comments').fill('Typed before the outage');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toHaveText(new RegExp(FAILURE(SUPPORT_PHONE).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoSeriousViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    // Support: still on the form, nothing typed is lost.
    await expect(page.getByLabel('Additional comments')).toHaveValue('Typed before the outage');

    // Client care: submitted right after sending, and the failure is still alerted.
    await page.goto(links.css);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toContainText(FAILURE(SUPPORT_PHONE));
  });

  test('the survey is usable 320 px wide with large touch targets', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(links.css);
    await expect(page.getByRole('heading', { level: 1, name: 'CLIENT CARE SURVEY' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    for (const name of ['Very dissatisfied', '0', '10', 'Save']) {
      const target = name === 'Save' ? page.getByRole('button', { name }) : page.getByRole('radio', { name, exact: true });
      const box = await (name === 'Save' ? target : target.locator('xpath=..')).boundingBox();
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
  });

  test('/survey?kind=-1 shows the thank-you view', async ({ page }) => {
    await page.goto('/survey?kind=-1&ticket=x');
    await expect(page.getByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    const header = page.getByTestId('thanks-header');
    await expect(header).toHaveCSS('background-color', 'rgb(0, 123, 255)');
    await expect(page.getByTestId('thanks-card')).toHaveCSS('border-radius', '20px');
  });
});
