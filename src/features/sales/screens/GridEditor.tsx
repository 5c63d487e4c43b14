import { useState, type ReactNode } from 'react';
import { Button, Card, FormErrorBanner, VisuallyHidden } from '@/shared/ui/components';
import styles from './sales.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

export type GridAxis = { key: string | number; label: string };

/** A cell as the editor hands it to `onSubmit`: its row and column keys and the parsed number. */
export type GridCell = { row: GridAxis['key']; column: GridAxis['key']; value: number };

type Props = {
  title: string;
  description: string;
  caption: string;
  /** The header of the row labels' column ("Rep", "Channel"). */
  rowHeader: string;
  rows: readonly GridAxis[];
  columns: readonly GridAxis[];
  /** The text a cell starts with (undefined: empty). */
  initial: (row: GridAxis, column: GridAxis) => string | undefined;
  /** The number a cell's text stands for, or null when it is not acceptable. */
  parse: (text: string, column: GridAxis) => number | null;
  /** The banner's title while any cell is not acceptable. */
  invalidTitle: string;
  cellLabel: (row: GridAxis, column: GridAxis) => string;
  inputMode: (column: GridAxis) => 'decimal' | 'numeric';
  /** Class of a value cell (numbers align right in some grids). */
  cellClassName?: string;
  placeholder?: string;
  saveLabel: string;
  readOnly: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (cells: GridCell[]) => void;
};

const cellKey = (row: GridAxis, column: GridAxis) => `${row.key}:${column.key}`;

/**
 * A card with a table of number inputs, one per row and column (targets per rep and kind, spend
 * per channel and month): every cell is parsed on save, the bad ones are marked and named in the
 * banner, and nothing is sent until all are good.
 */
export function GridEditor(p: Props): ReactNode {
  const [values, setValues] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const r of p.rows) for (const c of p.columns) {
      const text = p.initial(r, c);
      if (text !== undefined) out[cellKey(r, c)] = text;
    }
    return out;
  });
  const [bad, setBad] = useState<string[]>([]);
  const submit = () => {
    const problems: string[] = [];
    const cells = p.rows.flatMap((r) => p.columns.map((c) => {
      const key = cellKey(r, c);
      const value = p.parse(values[key]?.trim() || '0', c);
      if (value === null || value < 0) problems.push(key);
      return { row: r.key, column: c.key, value: value ?? 0 };
    }));
    setBad(problems);
    if (!problems.length) p.onSubmit(cells);
  };
  return (
    <Card title={p.title} description={p.description} asRegion footer={p.readOnly ? null : <Button variant="primary" isPending={p.busy} onPress={submit}>{p.saveLabel}</Button>}>
      <FormErrorBanner title={bad.length ? p.invalidTitle : (p.error ?? undefined)} />
      <ScrollBox label={p.caption} className={`${styles.tableWrap} ${styles.settingsGrid}`}>
        <table className={styles.table}>
          <caption><VisuallyHidden>{p.caption}</VisuallyHidden></caption>
          <thead>
            <tr>
              <th scope="col">{p.rowHeader}</th>
              {p.columns.map((c) => <th key={c.key} scope="col" className={styles.num}>{c.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {p.columns.map((c) => {
                  const key = cellKey(r, c);
                  return (
                    <td key={c.key} className={p.cellClassName}>
                      <input aria-label={p.cellLabel(r, c)} inputMode={p.inputMode(c)} value={values[key] ?? ''} placeholder={p.placeholder} readOnly={p.readOnly} aria-invalid={bad.includes(key) || undefined} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </Card>
  );
}
