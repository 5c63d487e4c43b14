/**
 * Every screen picks from a list with the kit's Select (react-aria-components: a labelled button
 * that opens a listbox, the same look and keyboard everywhere), never a native <select>.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
/** The kit itself may wrap native controls. */
const KIT = 'shared/ui/components/';
/** The data table's rows-per-page control, reworked with the pager. */
const PAGER = 'shared/ui/data-table/DataTablePager.tsx';

describe('kit controls', () => {
  it('no screen renders a native <select> outside the kit', () => {
    const uses = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx') && !f.startsWith(KIT) && f !== PAGER)
      .flatMap((f) =>
        readFileSync(join(SRC, f), 'utf8')
          .split('\n')
          .flatMap((line, i) => (/<select\b/.test(line) ? [`${f}:${i + 1}`] : [])),
      );
    expect(uses).toEqual([]);
  });
});
