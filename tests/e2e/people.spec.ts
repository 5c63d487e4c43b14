import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, staffSignIn } from './support/accounts';
import { expectAxeClean, expectNoHorizontalOverflow, THEMES, useViewportAndTheme, VIEWPORTS } from './support/visual';

/** People of the demo org no other journey signs in as, one per test, so the journeys never meet. */
const ZONE_PERSON = 'olivia.brown@demo.test';
const LANDING_PERSON = 'liam.dubois@demo.test';
const AVATAR_PERSON = 'chen.johnson@demo.test';
const ZONE = 'Pacific/Kiritimati';

async function pickTimeZone(page: Page, zone: string) {
  const box = page.getByRole('combobox', { name: 'Time zone' });
  await box.fill(zone.split('/')[1]!);
  await page.getByRole('option', { name: zone.replaceAll('_', ' ') }).click();
}

test.describe.configure({ mode: 'serial' });

/** Puts the person's profile back to the browser's zone, so a second try starts where the first did. */
async function clearTimeZone(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v2/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const profile = (await (await request.get('/api/v2/profile', { headers })).json()) as { name: string; title: string | null; phone: string | null; workingHours: unknown; theme: string; landingPage: string };
  const { name, title, phone, workingHours, theme, landingPage } = profile;
  const saved = await request.put('/api/v2/profile', { headers, data: { name, title, phone, workingHours, theme, landingPage, timeZone: null } });
  expect(saved.status()).toBe(200);
}

test('a chosen time zone moves the timesheet and a report; the profile and org chart pass axe', async ({ page, request }) => {
  await clearTimeZone(request, ZONE_PERSON);
  await staffSignIn(page, ZONE_PERSON);
  await expect(page).toHaveURL(/\/home$/);
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(browserZone).not.toBe(ZONE);
  await page.goto('/timesheet');
  await expect(page.getByText(new RegExp(`· ${browserZone}$`))).toBeVisible();

  await page.goto('/user/options');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Olivia Brown');
  await expectAxeClean(page);
  await pickTimeZone(page, ZONE);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Profile saved')).toBeVisible();

  await page.goto('/timesheet');
  await expect(page.getByText(new RegExp(`· ${ZONE}$`))).toBeVisible();
  await page.goto('/report/view?report=opened-vs-closed&period=this-year&granularity=month');
  await expect(page.getByText(`(days in ${ZONE})`, { exact: false })).toBeVisible();

  await page.goto('/orgchart');
  // The drawn chart first on a desktop; the keyboard list a press away.
  await expect(page.getByRole('figure', { name: /^Org chart \d+ people; \d+ with people reporting to them; Alex Admin at the top\./ })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('radio', { name: 'List' }).click();
  const tree = page.getByRole('treegrid', { name: 'Org chart' });
  await expect(tree.getByRole('row', { name: /Alex Admin/ })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('combobox', { name: 'Find a person' }).fill('Ahmed');
  await page.getByRole('option', { name: /Ahmed Okafor/ }).click();
  const chain = page.getByRole('navigation', { name: 'Chain to the top' });
  await expect(chain.getByRole('listitem')).toHaveText([/Alex Admin/, /Riley Chen/, /Mateo García/, /Ahmed Okafor/]);
  await expect(tree.getByRole('row', { name: /Ahmed Okafor/ })).toBeVisible();
});

test('a person uploads their avatar on the profile and sees it in the header and on the org chart, then removes it', async ({ page, request }) => {
  // Start without a picture, so a second try starts where the first did.
  const login = await request.post('/api/v2/auth/login', { data: { email: AVATAR_PERSON, password: DEMO_PASSWORD } });
  expect((await request.delete('/api/v2/profile/avatar', { headers: { authorization: `Bearer ${(await login.json()).token as string}` } })).status()).toBe(200);
  const picture = await sharp({ create: { width: 200, height: 160, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();

  await staffSignIn(page, AVATAR_PERSON);
  await expect(page).toHaveURL(/\/home$/);
  const account = page.getByRole('button', { name: 'Signed in as Chen Johnson' });
  await expect(account).toHaveText('CJ');
  await expect(account.locator('img')).toHaveCount(0);

  await page.goto('/user/options');
  const card = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Avatar', level: 2 }) }).last();
  await card.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Avatar saved')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^blob:/);
  // The header follows at once.
  await expect(account.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => account.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAxeClean(page);

  await page.goto('/orgchart');
  await page.getByRole('combobox', { name: 'Find a person' }).fill('Chen');
  await page.getByRole('option', { name: /Chen Johnson/ }).click();
  await expect(page.getByRole('region', { name: 'Focused: Chen Johnson' }).locator('img')).toHaveAttribute('src', /^blob:/);
  await expectAxeClean(page);

  await page.goto('/user/options');
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Avatar removed')).toBeVisible();
  await expect(account.locator('img')).toHaveCount(0);
  await expect(account).toHaveText('CJ');
});

test('a person lands on the page they chose after signing in', async ({ page }) => {
  await staffSignIn(page, LANDING_PERSON);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/user/options');
  await page.getByRole('button', { name: /Landing page/ }).click();
  await page.getByRole('option', { name: 'Org Chart' }).click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Profile saved')).toBeVisible();
  await page.evaluate(() => window.sessionStorage.clear());
  await staffSignIn(page, LANDING_PERSON);
  await expect(page).toHaveURL(/\/orgchart$/);
});

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`profile and org chart at ${viewport.name} in ${theme}`, async ({ page }) => {
      await useViewportAndTheme(page, viewport, theme);
      await staffSignIn(page, 'admin@demo.test');
      await expect(page).toHaveURL(/\/home$/);
      for (const [path, name] of [['/user/options', 'profile'], ['/orgchart', 'orgchart']] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText(/Loading/)).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `.tmp/people-shots/${name}-${viewport.name}-${theme}.png`, fullPage: true });
      }
    });

    test(`the assignee picker of a Programming ticket at ${viewport.name} in ${theme}: who is not certified is disabled with the reason`, async ({ page, request }) => {
      const login = await request.post('/api/v2/auth/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
      const companyId = ((await (await request.get('/api/v2/companies', { headers })).json()) as { rows: { id: number }[] }).rows[0]!.id;
      const created = await request.post('/api/v2/tickets', { headers, data: { title: `Certified work ${viewport.name} ${theme} ${Date.now()}`, description: 'Needs a developer with Secure Coding.', company_id: companyId, severity: 'M', queue: 'Programming' } });
      expect(created.status(), await created.text()).toBe(201);
      const id = ((await created.json()) as { ticket: { id: number } }).ticket.id;
      await useViewportAndTheme(page, viewport, theme);
      await staffSignIn(page, 'admin@demo.test');
      await expect(page).toHaveURL(/\/home$/);
      await page.goto(`/ticket/${id}`);
      const change = page.getByRole('region', { name: 'Change' });
      await change.getByRole('button', { name: /Assignee/ }).click();
      const uncertified = page.getByRole('option', { name: /Sam Seller/ });
      await expect(uncertified).toHaveAttribute('aria-disabled', 'true');
      await expect(uncertified).toContainText('Not certified in Secure Coding');
      await expect(page.getByRole('option', { name: /Dana Developer/ })).not.toHaveAttribute('aria-disabled');
      await page.screenshot({ path: `.tmp/people-shots/assignee-picker-${viewport.name}-${theme}.png` });
    });
  }
}
