import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';

test('a ticket view stays cached: back restores its state and scroll without asking the server again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const first = page.getByRole('region', { name: 'My open tickets' }).getByRole('link').first();
  const href = await first.getAttribute('href');
  const ticketId = href!.split('/').pop();
  let viewRequests = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/v2/tickets/${ticketId}` && r.method() === 'GET') viewRequests += 1;
  });
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => viewRequests).toBe(1);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => Math.round(window.scrollY));

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
  expect(viewRequests).toBe(1);
});

test('a link with a hash scrolls smoothly to its anchor, 80 px below the top', async ({ page }) => {
  // Short enough that the page below the anchor can always scroll it to the top, whether the cards
  // under it (recent kudos) have arrived yet or not.
  await page.setViewportSize({ width: 1280, height: 300 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user\/options$/);
  await page.evaluate(() => {
    history.pushState(null, '', '/home#my-tickets-title');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(() => anchorTop(page)).toBe(80);
});

test('a same-page anchor link also scrolls with the 80 px offset', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page.getByRole('heading', { name: 'My open tickets' })).toBeVisible();
  await jumpByInPageLink(page);
  await expect.poll(() => anchorTop(page)).toBe(80);
});

test('content that arrives above an anchor after the jump does not push the anchor from its place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page.getByRole('heading', { name: 'My open tickets' })).toBeVisible();
  await jumpByInPageLink(page);
  // Something just above the anchor arrives a moment later, as a slow answer would: in view,
  // where the browser's own scroll anchoring does not make up for it.
  await page.evaluate(() =>
    window.setTimeout(() => {
      const late = document.createElement('div');
      late.style.height = '120px';
      late.dataset.late = 'true';
      document.getElementById('my-tickets-title')!.before(late);
    }, 300),
  );
  await expect(page.locator('[data-late]')).toBeAttached();
  await expect.poll(() => anchorTop(page)).toBe(80);
});

/** Follows a link to Home's "My open tickets" anchor from inside the page, as an in-page link does. */
async function jumpByInPageLink(page: Page) {
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#my-tickets-title';
    a.textContent = 'jump';
    document.querySelector('main')!.prepend(a);
    a.click();
  });
}

/** How far below the top of the window the anchor sits, in whole pixels. */
const anchorTop = (page: Page) => page.evaluate(() => Math.round(document.getElementById('my-tickets-title')!.getBoundingClientRect().top));
