/**
 * The platform offers what every screen needs once, and screens use it (docs/architecture.md,
 * "Behaviour lives in the machines"): one page-title API, one way to notify, one field error.
 * These read the source, so a second way coming back fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
/** The code without its comments (which may well name what the code must not do). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ path: f, text: withoutComments(readFileSync(join(SRC, f), 'utf8')) }));
/** The files whose text matches, with the paths relative to src/. */
const matching = (pattern: RegExp, except: (path: string) => boolean = () => false) => sources.filter((f) => !except(f.path) && pattern.test(f.text)).map((f) => f.path);

describe('one page-title API', () => {
  it('only src/shared/page-title.tsx writes the tab title', () => {
    expect(matching(/document\.title\s*=(?!=)/, (p) => p === 'shared/page-title.tsx')).toEqual([]);
    // React's <title> in a view is a tab title too (an SVG's <title> is a tooltip, written in .ts).
    expect(matching(/<title>/, (p) => !p.endsWith('.tsx'))).toEqual([]);
  });

  it('no screen writes a tab-title suffix of its own', () => {
    expect(matching(/· Client Care( System)?['"`]/, (p) => p === 'shared/page-title.tsx')).toEqual([]);
  });
});

describe('one way to notify', () => {
  const inToastFolder = (p: string) => p.startsWith('shared/ui/components/toast/');
  const importsOf = (text: string) => [...text.matchAll(/import\s+(?:type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g)].map((m) => ({ names: m[1]!, from: m[2]! }));

  it('no file outside the toast component imports the toast queue or `toast`', () => {
    const offenders = sources
      .filter((f) => !inToastFolder(f.path))
      .flatMap((f) =>
        importsOf(f.text)
          .filter(({ names, from }) => /\/toast\/toast$/.test(from) || (/\/shared\/ui\/components$/.test(from) && /\b(toast|toastQueue)\b/.test(names)))
          .map(({ from }) => `${f.path} imports ${from}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no view says anything on its own: views import neither the notifier nor the toasts (the app provides them once)', () => {
    const views = sources.filter((f) => f.path.endsWith('.tsx') && !inToastFolder(f.path) && f.path !== 'app/App.tsx');
    const offenders = views.flatMap((f) =>
      importsOf(f.text)
        .filter(({ from }) => /machines\/notify$|\/toast\/(toast|toast-notifier)$/.test(from))
        .map(({ from }) => `${f.path} imports ${from}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the hook that watched a form to toast is gone', () => {
    expect(matching(/useSaveToasts|useSavedToast/)).toEqual([]);
  });
});

describe('one URL-filtered search page', () => {
  it('no screen wires a table to the URL by hand: only the shared useUrlSearchTable reads and writes the table’s query string', () => {
    expect(matching(/\bquery(From|To)SearchParams\b/, (p) => p.startsWith('shared/'))).toEqual([]);
  });
});
