/**
 * Screens draw themselves with the kit and CSS modules over the tokens (ADR 60, ADR 92): the global
 * stylesheet holds only what is truly global, and no screen leans on a class nobody defines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
const files = (ext: string) =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(SRC, f));
const classesIn = (css: string) => new Set([...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));

/** The stylesheets that are global on purpose: the page, the chart component, the survey page's own entry. */
const GLOBAL_SHEETS = ['styles.css', 'shared/ui/chart/chart.css', 'features/survey-page/survey.css'];
/** Written on an element without a rule behind it, known and owned elsewhere. */
const KNOWN_UNSTYLED = new Set(['markdown']);

describe('global styles', () => {
  it('src/styles.css defines no class but sr-only', () => {
    expect([...classesIn(readFileSync(join(SRC, 'styles.css'), 'utf8'))]).toEqual(['sr-only']);
  });

  it('every literal className in src names a class of a global stylesheet', () => {
    const defined = new Set(GLOBAL_SHEETS.flatMap((f) => [...classesIn(readFileSync(join(SRC, f), 'utf8'))]));
    const undefinedUses = files('.tsx').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/className="([^"]+)"/g)]
        .flatMap((m) => m[1]!.split(/\s+/))
        .filter((c) => c && !defined.has(c) && !KNOWN_UNSTYLED.has(c))
        .map((c) => `${file.slice(SRC.length + 1)}: ${c}`),
    );
    expect(undefinedUses).toEqual([]);
  });

  it('the old global classes are gone from every screen', () => {
    const OLD = ['btn', 'btn-secondary', 'card', 'field', 'field-error', 'form-error', 'muted', 'pager', 'hint', 'modal', 'dialog', 'kpi', 'kpis', 'shell-header', 'chat-window'];
    const uses = files('.tsx').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/className="([^"]+)"/g)]
        .flatMap((m) => m[1]!.split(/\s+/))
        .filter((c) => OLD.includes(c) || c.startsWith('survey-figures') || c.startsWith('dlg'))
        .map((c) => `${file.slice(SRC.length + 1)}: ${c}`),
    );
    expect(uses).toEqual([]);
  });
});
