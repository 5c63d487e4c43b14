import { useRef } from 'react';
import { formatChartValue, type ChartSpec } from '@contracts/charts';
import { useScrollsSideways } from '../scrolls-sideways';

export type ChartTableProps = {
  spec: ChartSpec;
  /** Called with a data point's drill key (rendered as a button when no `drillHref` is given). */
  onSelect?: (drillKey: string) => void;
  /** Turns a drill key into an address: data points with a key become links. */
  drillHref?: (drillKey: string) => string;
  /** The user's locale for numbers (default: the browser's). */
  locale?: string;
};

/**
 * The chart as a table: the screen-reader and keyboard twin of every chart. One row per category,
 * one column per series; a value with a drill key is a link (or a button) to the same place a
 * click on the chart leads. Markers are listed under the table.
 */
export function ChartTable({ spec, onSelect, drillHref, locale }: ChartTableProps) {
  const format = (value: number | null) => formatChartValue(value, spec, { locale });
  const cell = (value: number | null, key: string | null | undefined, series: string, category: string) => {
    const text = format(value);
    if (!key) return text;
    const label = `${text}: ${series}, ${category}`;
    if (drillHref) {
      return (
        <a
          href={drillHref(key)}
          aria-label={label}
          onClick={(event) => {
            // With onSelect the screen navigates itself (client-side); the href still serves
            // "open in a new tab" and copying the link.
            if (!onSelect) return;
            event.preventDefault();
            onSelect(key);
          }}
        >
          {text}
        </a>
      );
    }
    if (onSelect) {
      return (
        <button type="button" className="chart-table__drill" aria-label={label} onClick={() => onSelect(key)}>
          {text}
        </button>
      );
    }
    return text;
  };
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    // Only when it scrolls sideways does the box take focus, so keyboard users can scroll it too.
    <div
      ref={box}
      className="chart-table"
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'group' : undefined}
      aria-label={scrolls ? `${spec.title}, scrolls sideways` : undefined}
    >
      <table>
        <caption>{spec.title}</caption>
        <thead>
          <tr>
            <th scope="col">{spec.categoryLabel ?? 'Category'}</th>
            {spec.series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.categories.map((category, row) => (
            <tr key={`${row}-${category}`}>
              <th scope="row">{category}</th>
              {spec.series.map((s) => (
                <td key={s.name} className="chart-table__value">
                  {cell(s.values[row] ?? null, s.drill?.[row], s.name, category)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {spec.markers.length > 0 && (
        <ul className="chart-table__markers" aria-label="Marked on the chart">
          {spec.markers.map((m, i) => (
            <li key={i}>
              {m.label}: {m.type === 'value' ? format(m.value) : m.type === 'point' ? `${spec.series[m.series]?.name}, ${m.category}` : m.category}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
