import { expect, test, type Locator, type Page } from '@playwright/test';
import { analyzeAxe, axeLines } from './axe';

/** What the screenshot specs (`*.visual.spec.ts`) share: the two sizes, the two themes, and the checks each screen passes. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** axe finds nothing on the page. */
export async function expectAxeClean(page: Page) {
  const results = await analyzeAxe(page);
  expect(axeLines(results.violations)).toEqual([]);
}

/** Phone first: nothing on the page is wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A page at one size in one theme (the portal's stored choice), with motion reduced. */
export async function useViewportAndTheme(page: Page, viewport: Viewport, theme: Theme) {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((t) => window.localStorage.setItem('cc.theme', t), theme);
}

/** The browser's colour scheme changed, once the app (in its System theme) has taken it up. */
export async function emulateColorScheme(page: Page, colorScheme: Theme) {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
}

/** Moves the app to a path the way its own links do (no reload), so the session and fixed clock stay. */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A describe block per size and theme (the browser's colour scheme), each test's clock installed at `clock`. */
export function describeEachViewportAndTheme(clock: Date, body: (viewport: Viewport, theme: Theme) => void) {
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      test.describe(`${viewport.name} ${theme}`, () => {
        test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: theme });
        test.beforeEach(async ({ page }) => {
          await page.clock.install({ time: clock });
        });
        body(viewport, theme);
      });
    }
  }
}

/**
 * An attached image's thumbnail shows the whole picture: loaded, drawn uncropped with its aspect kept
 * (contained in its box), and large enough to tell what it is, not an icon-sized crop.
 */
export async function expectWholeThumbnail(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const drawn = await img.evaluate((el: HTMLImageElement) => ({ fit: getComputedStyle(el).objectFit, width: el.clientWidth, height: el.clientHeight }));
  expect(drawn.fit).toBe('contain');
  expect(drawn.width).toBeGreaterThanOrEqual(96);
  expect(drawn.height).toBeGreaterThanOrEqual(64);
}
