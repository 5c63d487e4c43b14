/** The one CSV rule (src/contracts/common/csv.ts, docs/adr/0043-one-csv-rule.md), over generated text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, parseCsv, toCsv } from '@contracts/common/csv';

/**
 * What a spreadsheet runs as a formula, written out on its own (not with the rule's code): a cell
 * starting with a tab or a carriage return, or whose first character after leading white space
 * is = + - @ in any of their forms (ASCII, fullwidth, small, superscript, subscript, Hebrew plus, ⩵ ⩶).
 */
const FORMULA_FORMS = '=+-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u207A\u208A\u207C\u208C\uFB29\u2A75\u2A76';
const runsAsFormula = (cell: string) => /^[\t\r]/.test(cell) || FORMULA_FORMS.includes(cell.replace(/^[\s\u3000\uFEFF]+/, '').charAt(0) || 'x');

/** Text made mostly of the characters that matter here, so that the edges come up often. */
const EDGE_UNITS = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\u207A', '\u2A75', '\uFB29', "'", ' ', '\t', '\r', '\n', '\u00A0', '\u3000', '"', ',', 'a', '1', '.', '😀'];
const edgeText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...EDGE_UNITS), { maxLength: 8 }).map((units) => units.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** What the rule must do with any text: no formula left, at most one quote added, nothing else changed. */
const checkCell = (text: string) => {
  const cell = neutraliseFormula(text);
  expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(false);
  expect([text, `'${text}`]).toContain(cell);
  if (!runsAsFormula(text) && !text.startsWith("'")) expect(cell).toBe(text);
};

describe('the one CSV rule', () => {
  it('leaves no cell a spreadsheet would run as a formula, and only ever puts one quote in front', () => {
    // Every edge unit on its own, after each kind of leading white space, and before a quote:
    // the edges are checked one by one here, so the generated texts below need only ~100 runs.
    const leads = ['', ' ', '  ', '\t', '\u00A0', '\u3000', '\uFEFF', " '", "'"];
    for (const lead of leads) for (const unit of [...EDGE_UNITS, ...FORMULA_FORMS]) for (const tail of ['', '1', "'"]) checkCell(`${lead}${unit}${tail}`);
    fc.assert(fc.property(edgeText, checkCell), { numRuns: 100 });
  });

  it('neutralises fullwidth signs, leading spaces and tabs, as well as the ASCII ones', () => {
    for (const text of ['\uFF1DSUM(A1:A9)', '\uFF0B1', '\uFF0D1', '\uFF20SUM(1)', '  =1+1', ' \t+1', '\u3000\uFF1D1', '\t1', '\rx', '\u00A0@x']) {
      expect(neutraliseFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    for (const text of ['plain', 'a=b', '1+1', "'quoted", '', '  ', '12.50']) expect(neutraliseFormula(text), JSON.stringify(text)).toBe(text);
  });

  it('reads back every cell as it was written, the quote in front taken off', () => {
    fc.assert(
      fc.property(fc.array(fc.array(edgeText, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (records) => {
        const width = records[0]!.length;
        const rows = records.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        const csv = toCsv(rows, Array.from({ length: width }, (_, i) => ({ header: `c${i}`, value: (row: string[]) => row[i] })));
        expect(parseCsv(csv).slice(1)).toEqual(rows);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes numbers the program computed as numbers, negative ones included', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(csvCell(n)).toBe(String(n));
      }),
    );
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.50')).toBe("'-12.50");
  });
});
