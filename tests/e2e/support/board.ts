import type { Page } from '@playwright/test';

/**
 * A moved card keeps the focus for a few animation frames (src/features/projects/screens/reveal.ts:
 * the list the card left may grab it back for a neighbour) until the user presses a key or points.
 * A test that then moves the focus by script, which is neither, lets those frames pass first.
 */
export async function afterMovedCardFocusHold(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 20;
        const tick = () => (--frames <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
  );
}
