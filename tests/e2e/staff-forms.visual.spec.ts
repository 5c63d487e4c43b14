import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { expectAxeClean, navigateInApp, expectNoHorizontalOverflow, THEMES, useViewportAndTheme, VIEWPORTS } from './support/visual';

/**
 * Home, the create forms, the company lists and the outbox at a desk (1366×800) and on a phone
 * (375×812), light and dark: axe finds nothing, nothing scrolls sideways, and the screenshots
 * match. What moves with the clock or with what other specs add (dates, counts, the users and
 * emails lists) is masked.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const moving = (page: Page): Locator[] => [page.locator('time'), page.getByRole('button', { name: /overdue tickets$/ }), page.getByRole('button', { name: /^Notifications,/ }), page.getByTestId('last-page')];

/** Fixed answers for the lists other specs can add to (sign-up requests, client users, emails), so the screenshots do not depend on the order specs run in. */
const AT = '2026-06-14T09:30:00.000Z';
const clientUser = (id: number, name: string, status: string, company: string) => ({
  id,
  company_id: id,
  company_name: company,
  contact_id: null,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@${company.split(' ')[0]!.toLowerCase()}.example.com`,
  status,
  created_at: AT,
  last_invited_at: status === 'invited' ? AT : null,
});
const REQUESTS = [clientUser(31, 'Sam Stranger', 'pending_approval', 'Globex Water')];
const USERS = [
  clientUser(11, 'Nora Quinn', 'active', 'Acme Utilities'),
  clientUser(12, 'Omar Haddad', 'invited', 'Acme Utilities'),
  clientUser(13, 'Priya Raman', 'active', 'Globex Water'),
  clientUser(14, 'Lena Fischer', 'disabled', 'Dunder Electric'),
];
const EMAILS = [
  { id: 2, toAddress: 'nora@acme.example.com', subject: 'Your ticket #1042 was updated', kind: 'ticket_update', body: 'Hello Nora,\n\nAvery Agent replied to your ticket "Meter reads missing after upgrade":\n\nWe found the cause and are re-importing the reads.\n\nClient Care', createdAt: AT, sentAt: null },
  { id: 1, toAddress: 'omar@acme.example.com', subject: 'You are invited to the Acme Utilities client portal', kind: 'invite', body: 'Hello Omar,\n\nSet your password to start: https://portal.example.com/client/password?token=…\n\nThe link works once.', createdAt: AT, sentAt: null },
];
async function fixLists(page: Page) {
  await page.route('**/api/v2/client-users?**', (route) => {
    const pending = new URL(route.request().url()).searchParams.get('status') === 'pending_approval';
    const rows = pending ? REQUESTS : USERS;
    return route.fulfill({ json: { rows, page: 1, size: 10, total: rows.length, totalExact: true } });
  });
  await page.route('**/api/v2/admin/outbox?**', (route) => route.fulfill({ json: { rows: EMAILS, total: EMAILS.length, page: 1, pageSize: 20 } }));
}

for (const size of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`home, create forms, company lists and outbox at ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date('2026-06-15T10:00:00Z'));
      await useViewportAndTheme(page, size, theme);
      const check = async (name: string, extraMask: Locator[] = []) => {
        await expectNoHorizontalOverflow(page);
        await expectAxeClean(page);
        await expect(page).toHaveScreenshot(`${name}-${size.name}-${theme}.png`, { mask: [...moving(page), ...extraMask], maxDiffPixelRatio: 0.01 });
      };

      await fixLists(page);
      await page.goto('/');
      await staffSignIn(page, STAFF.admin.email);
      await expect(page).toHaveURL(/\/home$/);

      // Home: my figures and my open tickets (the list moves with the data: masked).
      await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.admin.name}`, level: 1 })).toBeVisible();
      const mine = page.getByRole('region', { name: 'My open tickets' });
      await expect(mine.getByRole('listitem').first().or(mine.getByText('You have no open tickets.'))).toBeVisible();
      await check('home', [mine.locator('ul'), page.getByRole('group', { name: 'Your figures' })]);

      await navigateInApp(page, '/create/ticket');
      await expect(page).toHaveTitle('Create Ticket · Client Care');
      await expect(page.getByRole('combobox', { name: /^Company/ })).toBeVisible();
      await check('create-ticket');

      await navigateInApp(page, '/create/company');
      await expect(page).toHaveTitle('Create Company · Client Care');
      await expect(page.getByRole('button', { name: 'Create company' })).toBeVisible();
      await check('create-company');

      await navigateInApp(page, '/company/search');
      await expect(page).toHaveTitle('Company Search · Client Care');
      const companies = page.getByRole('table', { name: 'Companies' });
      await expect(companies.locator('tbody tr')).toHaveCount(10);
      await check('company-search', [companies.locator('tbody td:last-child')]);

      await navigateInApp(page, '/client/portal/users');
      await expect(page).toHaveTitle('Client Portal Users · Client Care');
      const users = page.getByRole('table', { name: 'Client portal users' });
      await expect(users.locator('tbody tr')).toHaveCount(USERS.length);
      await check('client-portal-users');

      await navigateInApp(page, '/admin/outbox');
      await expect(page).toHaveTitle('Outbox · Client Care');
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(EMAILS.length);
      // The first email opened, as someone reading it would.
      await page.getByRole('main').getByRole('button', { name: 'Message' }).first().click();
      await check('outbox');
    });
  }
}
