import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { withdrawNotifier } from '@/shared/machines/notify';
import { toastQueue } from '@/shared/ui/components/toast/toast';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import { resetCoverage } from '@tests/support/path-coverage';

// jsdom has no CSS.escape; react-aria's focus handling in modals needs it.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => value.replace(/([^\w-])/g, '\\$1');
  (globalThis as unknown as { CSS: { escape: (v: string) => string } }).CSS = { ...(globalThis.CSS ?? {}), escape };
}

// Lazy screens load on first use; give them time on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** The page as a file found it: its address, title, and <html>'s attributes (theme, language) as jsdom starts them. */
const START_URL = window.location.href;
const START_TITLE = document.title;
const START_ROOT = new Map([...document.documentElement.attributes].map((a) => [a.name, a.value]));
/**
 * Objects files give stand-ins by assignment (`URL.createObjectURL = vi.fn()`, an element method
 * jsdom lacks): their own properties as the file found them.
 */
const PATCHED: object[] = [URL, HTMLElement.prototype, Element.prototype];
const START_PROPERTIES = PATCHED.map((target) => Object.getOwnPropertyDescriptors(target));

/** Puts an object's own properties back as they were: added ones removed, changed ones restored. */
function restoreProperties(target: object, start: PropertyDescriptorMap): void {
  for (const key of Reflect.ownKeys(target)) if (!Object.hasOwn(start, key)) Reflect.deleteProperty(target, key);
  for (const key of Reflect.ownKeys(start)) {
    const was = start[key as keyof PropertyDescriptorMap]!;
    const now = Object.getOwnPropertyDescriptor(target, key);
    if (!now || now.value !== was.value || now.get !== was.get || now.set !== was.set) Object.defineProperty(target, key, was);
  }
}

// A worker runs one browser-side file after another in the same window with the same modules
// (docs/adr/0265): each file leaves what it changed as it found it.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetCoverage();
  withdrawNotifier();
  toastQueue.clear();
  forgetPageSizes();
  PATCHED.forEach((target, i) => restoreProperties(target, START_PROPERTIES[i]!));
  window.history.replaceState(null, '', START_URL);
  document.title = START_TITLE;
  const root = document.documentElement;
  for (const { name } of [...root.attributes]) if (!START_ROOT.has(name)) root.removeAttribute(name);
  for (const [name, value] of START_ROOT) root.setAttribute(name, value);
});
