import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
