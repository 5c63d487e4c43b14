import { describe, expect, it, vi } from 'vitest';
import { createThemeController, resolveTheme, THEME_STORAGE_KEY, type ThemeEnvironment } from '@/shared/ui/tokens/theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function fakeQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    flip(next: boolean) {
      this.matches = next;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

function env(stored: Record<string, string> = {}, systemDark = false) {
  const storage = memoryStorage(stored);
  const darkQuery = fakeQuery(systemDark);
  const root = document.createElement('html');
  const environment: ThemeEnvironment = { storage, darkQuery: darkQuery as unknown as ThemeEnvironment['darkQuery'], root };
  return { storage, darkQuery, root, environment };
}

describe('resolveTheme', () => {
  it('takes the system preference for "system" and the choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('theme controller', () => {
  it('follows the system preference when nothing is stored, and keeps following it', () => {
    const { environment, darkQuery, root } = env({}, true);
    const theme = createThemeController(environment);
    expect(theme.getState()).toEqual({ choice: 'system', theme: 'dark' });
    expect(root.getAttribute('data-theme')).toBe('dark');
    const listener = vi.fn();
    theme.subscribe(listener);
    darkQuery.flip(false);
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(theme.getState().theme).toBe('light');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('applies a stored choice before anything renders and ignores the system preference', () => {
    const { environment, darkQuery, root } = env({ [THEME_STORAGE_KEY]: 'light' }, true);
    const theme = createThemeController(environment);
    expect(root.getAttribute('data-theme')).toBe('light');
    darkQuery.flip(true);
    expect(theme.getState()).toEqual({ choice: 'light', theme: 'light' });
  });

  it('stores light and dark under cc.theme, and forgets the key for system', () => {
    const { environment, storage, root } = env({}, false);
    const theme = createThemeController(environment);
    theme.setChoice('dark');
    expect(storage.data.get('cc.theme')).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    theme.setChoice('light');
    expect(storage.data.get('cc.theme')).toBe('light');
    theme.setChoice('system');
    expect(storage.data.has('cc.theme')).toBe(false);
    expect(theme.getState()).toEqual({ choice: 'system', theme: 'light' });
  });

  it('treats an unknown stored value as system', () => {
    const { environment } = env({ [THEME_STORAGE_KEY]: 'sepia' }, true);
    expect(createThemeController(environment).getState()).toEqual({ choice: 'system', theme: 'dark' });
  });

  it('still works when storage throws (blocked or full)', () => {
    const root = document.createElement('html');
    const storage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const theme = createThemeController({ storage, darkQuery: null, root });
    expect(theme.getState().choice).toBe('system');
    theme.setChoice('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it('stops following the system after dispose', () => {
    const { environment, darkQuery } = env({}, false);
    createThemeController(environment).dispose();
    expect(darkQuery.listeners.size).toBe(0);
  });
});
