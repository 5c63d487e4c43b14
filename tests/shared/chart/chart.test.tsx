import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartSpec, DARK_CHART_PALETTE, LIGHT_CHART_PALETTE, TREE_ANIMATION_MAX_NODES } from '@contracts/charts';
import { Chart, ChartTable } from '@/shared/ui/chart';

type Handler = (params: unknown) => void;
const echarts = vi.hoisted(() => {
  const instances: FakeChart[] = [];
  class FakeChart {
    options: Record<string, unknown>[] = [];
    handlers = new Map<string, Handler[]>();
    disposed = false;
    resized = 0;
    constructor(readonly element: HTMLElement) {}
    setOption(option: Record<string, unknown>) {
      this.options.push(option);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    off(event: string, handler: Handler) {
      this.handlers.set(event, (this.handlers.get(event) ?? []).filter((h) => h !== handler));
    }
    resize() {
      this.resized++;
    }
    dispose() {
      this.disposed = true;
    }
    emit(event: string, params: unknown) {
      for (const h of this.handlers.get(event) ?? []) h(params);
    }
    get last() {
      return this.options.at(-1)!;
    }
  }
  return {
    instances,
    use: vi.fn(),
    init: vi.fn((element: HTMLElement, _theme: unknown, opts: { renderer: string }) => {
      const chart = new FakeChart(element);
      (chart as unknown as { renderer: string }).renderer = opts.renderer;
      instances.push(chart);
      return chart;
    }),
  };
});
vi.mock('echarts/core', () => ({ init: echarts.init, use: echarts.use }));
vi.mock('echarts/charts', () => ({ BarChart: 'BarChart', LineChart: 'LineChart', PieChart: 'PieChart', TreeChart: 'TreeChart' }));
vi.mock('echarts/components', () => ({
  AriaComponent: 'Aria',
  GridComponent: 'Grid',
  LegendComponent: 'Legend',
  MarkLineComponent: 'MarkLine',
  MarkPointComponent: 'MarkPoint',
  TitleComponent: 'Title',
  TooltipComponent: 'Tooltip',
}));
vi.mock('echarts/renderers', () => ({ SVGRenderer: 'SVGRenderer', CanvasRenderer: 'CanvasRenderer' }));

const spec = chartSpec({
  kind: 'bar',
  title: 'Open tickets by severity',
  summary: 'Critical tickets are 10 % of the open ones.',
  categoryLabel: 'Severity',
  unit: 'money',
  categories: ['Critical', 'High'],
  series: [{ name: 'Open', values: [1000, 250050], drill: ['severity=C', null] }],
  markers: [{ type: 'value', value: 5000, label: 'Target' }],
});

const chartOf = async () => {
  await waitFor(() => expect(echarts.instances.length).toBeGreaterThan(0));
  const chart = echarts.instances.at(-1)!;
  await waitFor(() => expect(chart.options.length).toBeGreaterThan(0));
  return chart;
};

/** A controllable matchMedia (jsdom has none). */
function stubMatchMedia(initial: Record<string, boolean>) {
  const lists = new Map<string, { matches: boolean; listeners: Set<() => void> }>();
  vi.stubGlobal('matchMedia', (query: string) => {
    const entry = lists.get(query) ?? { matches: initial[query] ?? false, listeners: new Set() };
    lists.set(query, entry);
    return {
      get matches() {
        return entry.matches;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => entry.listeners.add(l),
      removeEventListener: (_: string, l: () => void) => entry.listeners.delete(l),
    };
  });
  return (query: string, matches: boolean) => {
    const entry = lists.get(query)!;
    entry.matches = matches;
    for (const l of entry.listeners) l();
  };
}

beforeEach(() => {
  echarts.instances.length = 0;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Chart', () => {
  it('renders a figure whose caption is the title and summary, and the table twin in a disclosure', async () => {
    render(<Chart spec={spec} />);
    const figure = screen.getByRole('figure', { name: /Open tickets by severity Critical tickets are 10 %/ });
    expect(within(figure).getByRole('img', { name: 'Open tickets by severity. Critical tickets are 10 % of the open ones.' })).toBeInTheDocument();
    await userEvent.click(within(figure).getByText('Show the figures as a table'));
    const table = within(figure).getByRole('table', { name: 'Open tickets by severity' });
    expect(within(table).getByRole('columnheader', { name: 'Severity' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'High' })).toBeInTheDocument();
    expect(within(table).getByText('2,500.50')).toBeInTheDocument();
    expect(within(figure).getByText('Target: 50.00')).toBeInTheDocument();
  });

  it('draws with the SVG renderer, ARIA and decals on, and the light palette by default', async () => {
    render(<Chart spec={spec} height={240} />);
    const chart = await chartOf();
    expect(echarts.init).toHaveBeenCalledWith(chart.element, undefined, { renderer: 'svg' });
    expect(chart.element).toHaveStyle({ height: '240px' });
    expect(chart.last.aria).toMatchObject({ enabled: true, description: `${spec.title}. ${spec.summary}`, decal: { show: true } });
    expect(chart.last.color).toEqual(LIGHT_CHART_PALETTE.series);
    expect(chart.last.animation).toBe(true);
    expect(echarts.use).toHaveBeenCalledWith(expect.arrayContaining(['BarChart', 'LineChart', 'PieChart', 'Aria', 'SVGRenderer']));
  });

  it('draws a tree of more than TREE_ANIMATION_MAX_NODES people on a canvas, builds its table twin only when opened, and says when the drawing is done', async () => {
    const n = TREE_ANIMATION_MAX_NODES + 1;
    const tree = chartSpec({
      kind: 'tree',
      title: 'Org',
      summary: 'Many people.',
      categories: Array.from({ length: n }, (_, i) => `P${i}`),
      parents: Array.from({ length: n }, (_, i) => (i === 0 ? null : 0)),
      series: [{ name: 'Reports', values: Array.from({ length: n }, (_, i) => (i === 0 ? n - 1 : 0)) }],
    });
    render(<Chart spec={tree} />);
    const chart = await chartOf();
    expect(echarts.init).toHaveBeenLastCalledWith(chart.element, undefined, { renderer: 'canvas' });
    expect(echarts.use).toHaveBeenCalledWith(expect.arrayContaining(['TreeChart', 'CanvasRenderer']));
    expect(chart.element).toHaveAttribute('data-drawn', 'false');
    act(() => chart.emit('finished', {}));
    expect(chart.element).toHaveAttribute('data-drawn', 'true');
    expect(screen.queryByRole('table', { name: 'Org' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Show the figures as a table'));
    expect(within(await screen.findByRole('table', { name: 'Org' })).getByText('P200')).toBeInTheDocument();
  });

  it('draws once when shown: the first size report of the drawing draws nothing again, a real change of size does', async () => {
    // The browser reports an observed element's size once as soon as it is observed; this stand-in reports when told.
    const observers: { target: Element; report: () => void }[] = [];
    vi.stubGlobal('ResizeObserver', class {
      constructor(private readonly report: () => void) {}
      observe(target: Element) {
        observers.push({ target, report: () => this.report() });
      }
      disconnect() {}
    });
    try {
      render(<Chart spec={spec} />);
      const chart = await chartOf();
      await waitFor(() => expect(observers.some((o) => o.target === chart.element)).toBe(true));
      const report = () => observers.filter((o) => o.target === chart.element).at(-1)!.report();
      act(report);
      expect(chart.resized).toBe(0);
      // (The test page lays nothing out: the drawing's new height is given as the browser would report it.)
      Object.defineProperty(chart.element, 'clientHeight', { configurable: true, get: () => 123 });
      act(report);
      expect(chart.resized).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('calls onSelect with the drill key of a clicked bar, and not for a bar without one or a marker', async () => {
    const onSelect = vi.fn();
    render(<Chart spec={spec} onSelect={onSelect} />);
    const chart = await chartOf();
    await waitFor(() => expect(chart.handlers.get('click')?.length).toBe(1));
    act(() => chart.emit('click', { componentType: 'series', seriesIndex: 0, dataIndex: 0 }));
    act(() => chart.emit('click', { componentType: 'series', seriesIndex: 0, dataIndex: 1 }));
    act(() => chart.emit('click', { componentType: 'markLine', seriesIndex: 0, dataIndex: 0 }));
    expect(onSelect.mock.calls).toEqual([['severity=C']]);
  });

  it('offers the same drill-down from the keyboard in the table twin', async () => {
    const onSelect = vi.fn();
    render(<Chart spec={spec} onSelect={onSelect} table="visible" />);
    const button = screen.getByRole('button', { name: '10.00: Open, Critical' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('severity=C');
  });

  it('makes the table twin a named, focusable group only while it is wider than its box (a phone)', () => {
    let boxWidth = 300;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chart-table') ? boxWidth : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chart-table') ? Math.max(boxWidth, 344) : 0;
    });
    const { unmount } = render(<ChartTable spec={spec} />);
    const group = screen.getByRole('group', { name: 'Open tickets by severity, scrolls sideways' });
    expect(group).toHaveAttribute('tabindex', '0');
    expect(within(group).getByRole('table', { name: 'Open tickets by severity' })).toBeInTheDocument();
    unmount();
    boxWidth = 600;
    render(<ChartTable spec={spec} />);
    expect(screen.queryByRole('group', { name: /scrolls sideways/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Open tickets by severity' }).parentElement).not.toHaveAttribute('tabindex');
  });

  it('re-draws in the dark palette when <html> switches to data-theme="dark", with the tokens the page defines', async () => {
    render(<Chart spec={spec} />);
    const chart = await chartOf();
    const before = chart.options.length;
    document.documentElement.style.setProperty('--chart-1', '#abcdef');
    document.documentElement.setAttribute('data-theme', 'dark');
    await waitFor(() => expect(chart.options.length).toBeGreaterThan(before));
    expect(chart.last.color).toEqual(['#abcdef', ...DARK_CHART_PALETTE.series.slice(1)]);
    expect(chart.last.backgroundColor).toBe(DARK_CHART_PALETTE.background);
  });

  it('follows the system colour scheme and reduced motion when the page sets no theme', async () => {
    const change = stubMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    render(<Chart spec={spec} />);
    const chart = await chartOf();
    expect(chart.last.animation).toBe(false);
    expect(chart.last.color).toEqual(LIGHT_CHART_PALETTE.series);
    act(() => change('(prefers-color-scheme: dark)', true));
    expect(chart.last.color).toEqual(DARK_CHART_PALETTE.series);
  });

  it('re-draws with notMerge when the spec changes, and disposes the chart on unmount', async () => {
    const { rerender, unmount } = render(<Chart spec={spec} />);
    const chart = await chartOf();
    rerender(<Chart spec={{ ...spec, title: 'Renamed' }} />);
    await waitFor(() => expect((chart.last.title as { text: string }).text).toBe('Renamed'));
    unmount();
    expect(chart.disposed).toBe(true);
  });
});

describe('ChartTable', () => {
  it('turns drill keys into links when given drillHref', () => {
    render(<ChartTable spec={spec} drillHref={(key) => `/ticket/search?${key}`} />);
    expect(screen.getByRole('link', { name: '10.00: Open, Critical' })).toHaveAttribute('href', '/ticket/search?severity=C');
    expect(screen.queryAllByRole('link')).toHaveLength(1);
  });
});
