/**
 * One polite live region for short spoken messages ("Saving"), made on first use. Its messages
 * are plain text, so nothing in it ever needs a name of its own (react-aria's announcer points an
 * element with role img at a control by id; once the control is gone that element is a nameless
 * image to assistive technology and to axe).
 */
let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** How long a message stays in the region (long enough to be read, short enough not to be found later). */
export const ANNOUNCE_CLEAR_MS = 4000;

function liveRegion(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'sr-only';
  region.dataset.ccAnnouncer = 'true';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  document.body.append(region);
  return region;
}

/** Says `message` politely, once; the region empties itself afterwards. */
export function announce(message: string): void {
  const el = liveRegion();
  if (!el) return;
  clearTimeout(clearTimer);
  // Emptied first, so the same message twice in a row is still a change that gets read.
  el.textContent = '';
  requestAnimationFrame(() => {
    el.textContent = message;
  });
  clearTimer = setTimeout(() => {
    el.textContent = '';
  }, ANNOUNCE_CLEAR_MS);
}
