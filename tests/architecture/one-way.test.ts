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
