/**
 * The colour theme: the user's choice ('light', 'dark' or 'system') is kept in localStorage under
 * 'cc.theme'; 'system' (the default) follows `prefers-color-scheme` and keeps following it while
 * the page is open. The resolved theme is written to <html data-theme="light|dark">, which
 * tokens.css reads. Plain TypeScript, no React: main.tsx applies it as its first statement (the
 * CSP allows no inline script), and views read it through `useTheme` (components/theme/use-theme).
 */

export const THEME_STORAGE_KEY = 'cc.theme';
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export type ThemeState = { choice: ThemeChoice; theme: Theme };

type ThemeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type MediaQuery = Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

export type ThemeEnvironment = {
  /** Where the choice is kept; null when storage is unavailable (private mode, blocked). */
  storage: ThemeStorage | null;
  /** The `prefers-color-scheme: dark` query; null where matchMedia does not exist. */
  darkQuery: MediaQuery | null;
  /** The element that carries data-theme (the <html> element). */
  root: { setAttribute(name: string, value: string): void } | null;
};

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The theme a choice shows: 'system' takes the operating system's preference. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

function readChoice(storage: ThemeStorage | null): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export type ThemeController = {
  getState(): ThemeState;
  /** Stores the choice ('system' removes it) and applies it at once. */
  setChoice(choice: ThemeChoice): void;
  /** Called after every change of choice or of the system preference. */
  subscribe(listener: () => void): () => void;
  /** Stops following the system preference. */
  dispose(): void;
};

/** Reads the stored choice, applies it to the root element and follows the system preference. */
export function createThemeController(env: ThemeEnvironment): ThemeController {
  let state: ThemeState = { choice: readChoice(env.storage), theme: 'light' };
  const listeners = new Set<() => void>();

  /** Resolves the theme and writes it to the root; a new state object only when it changed. */
  const apply = () => {
    const theme = resolveTheme(state.choice, env.darkQuery?.matches ?? false);
    if (theme !== state.theme) state = { ...state, theme };
    env.root?.setAttribute('data-theme', theme);
  };
  apply();

  const onSystemChange = () => {
    const before = state;
    apply();
    if (before !== state) listeners.forEach((l) => l());
  };
  env.darkQuery?.addEventListener('change', onSystemChange);

  return {
    getState: () => state,
    setChoice(choice) {
      try {
        if (choice === 'system') env.storage?.removeItem(THEME_STORAGE_KEY);
        else env.storage?.setItem(THEME_STORAGE_KEY, choice);
      } catch {
        // Storage may be full or blocked; the choice still applies to this page.
      }
      state = { choice, theme: state.theme };
      apply();
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      env.darkQuery?.removeEventListener('change', onSystemChange);
      listeners.clear();
    },
  };
}

function browserEnvironment(): ThemeEnvironment {
  const hasWindow = typeof window !== 'undefined';
  let storage: ThemeStorage | null = null;
  try {
    storage = hasWindow ? window.localStorage : null;
  } catch {
    storage = null;
  }
  return {
    storage,
    darkQuery: hasWindow && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null,
    root: typeof document !== 'undefined' ? document.documentElement : null,
  };
}

let browserTheme: ThemeController | null = null;

/** The page's theme controller, created (and applied) on first use. */
export function theme(): ThemeController {
  browserTheme ??= createThemeController(browserEnvironment());
  return browserTheme;
}
