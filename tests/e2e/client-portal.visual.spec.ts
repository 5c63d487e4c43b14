/**
 * Visual checks of the client portal's screens on the kit (issue 15): the ticket thread, paper
 * orders, change requests, a help article, sign-up and log-in, at 1366×800 and 375×812, light
 * and dark, each axe clean and without horizontal overflow. Times and dates are masked; the
 * browser clock is fixed. (The dashboard and the ticket list are in client-and-survey.visual.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn } from './support/accounts';
import { describeEachViewportAndTheme, expectAxeClean, expectNoHorizontalOverflow } from './support/visual';

const CLOCK = new Date('2026-11-22T10:00:00Z');

async function snap(page: Page, name: string, mask: Locator[] = []) {
  await expectAxeClean(page);
  await expectNoHorizontalOverflow(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: false, mask: [page.locator('time'), ...mask], maxDiffPixelRatio: 0.01, animations: 'disabled' });
}

async function signedIn(page: Page) {
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page.getByRole('heading', { level: 1, name: CLIENTS.acme.company })).toBeVisible();
}

// One test per size and theme: the screens before log-in, then the signed-in screens after one
// log-in (a test of its own per screen signed in again each time).
describeEachViewportAndTheme(CLOCK, (viewport, theme) => {
  test('client portal screens: log-in, sign-up, ticket thread, paper orders, change requests, help article', async ({ page }) => {
    test.setTimeout(120_000);
    await test.step('client log-in', async () => {
      await page.goto('/client/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Client Portal' })).toBeVisible();
      await snap(page, `client-login-${viewport.name}-${theme}`);
    });

    await test.step('client sign-up', async () => {
      await page.goto('/client/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
      await snap(page, `client-signup-${viewport.name}-${theme}`);
    });

    await signedIn(page);

    await test.step('client ticket thread', async () => {
      // A ticket the support team answered: the first of the dashboard's recent replies.
      await page.getByRole('region', { name: 'Recent replies' }).getByRole('link').first().click();
      await expect(page.getByRole('list', { name: 'Conversation' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('article').nth(1)).toBeVisible();
      await expect(page.getByText('Support team').first()).toBeVisible();
      await snap(page, `client-ticket-thread-${viewport.name}-${theme}`);
    });

    await test.step('client paper orders', async () => {
      await page.goto('/client/paper');
      await expect(page.getByRole('heading', { level: 1, name: 'Order paper' })).toBeVisible();
      await expect(page.getByRole('table').or(page.getByText('No orders yet.'))).toBeVisible();
      await snap(page, `client-paper-${viewport.name}-${theme}`);
    });

    await test.step('client change requests', async () => {
      await page.goto('/client/software/change/request');
      await expect(page.getByRole('heading', { level: 1, name: 'Software change requests' })).toBeVisible();
      await expect(page.getByRole('table').or(page.getByText('No change requests yet.'))).toBeVisible();
      await snap(page, `client-scrs-${viewport.name}-${theme}`);
    });

    await test.step('client help article', async () => {
      await page.goto('/client/help/resources');
      await page.getByRole('searchbox', { name: 'Search articles' }).fill('Getting started');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('link', { name: /Paying your Client Care invoice/ })).toBeHidden();
      await page.getByRole('link', { name: /Getting started with the client portal/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Getting started with the client portal' })).toBeVisible();
      await snap(page, `client-help-article-${viewport.name}-${theme}`);
    });
  });
});
