import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violations = AxeResults['violations'];

/** axe-core as @axe-core/playwright ships it. */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core').source;

/** How long a page may keep moving (a theme's colours fading in, a popover leaving) before axe runs anyway. */
const AT_REST_MS = 5_000;

/**
 * axe's violations on the page at rest, within `include` (a selector) when given: once no element is
 * entering or leaving (react-aria's `data-entering`/`data-exiting`) and no transition or finite
 * animation runs, so colours are measured as they stay, not halfway through a change. axe is injected
 * once per document and run in it: about half a second a run, where `AxeBuilder.analyze` takes about
 * three (it injects axe again and finishes every run in a page of its own). A page with frames goes
 * through AxeBuilder, which tests each frame.
 */
export async function analyzeAxe(page: Page, include?: string): Promise<{ violations: Violations }> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[data-entering], [data-exiting]') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: AT_REST_MS, polling: 'raf' },
    )
    .catch(() => undefined);
  if ((await page.locator('iframe, frame').count()) > 0) {
    const builder = new AxeBuilder({ page });
    return (include ? builder.include(include) : builder).analyze();
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    type Axe = { run(context: unknown, options: object): Promise<{ violations: unknown[] }> };
    const { axe } = window as unknown as { axe: Axe };
    return (await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] })).violations;
  }, include ?? null);
  return { violations: violations as Violations };
}

/** Each violation as one line, "rule: what it asks (the elements that break it)", for an assertion's message. */
export function axeLines(violations: Violations): string[] {
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
