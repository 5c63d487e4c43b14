import { useEffect, useId, useRef, useState } from 'react';
import { chartName, chartRendererOf, drillKeyAt, toEChartsOption, type ChartSpec } from '@contracts/charts';
import { ChartTable } from './ChartTable';
import type { ChartClick, ChartInstance } from './echarts-runtime';
import { prefersReducedMotion, readChartPalette, watchTheme } from './theme';
import './chart.css';

/** Height of a chart when the screen does not say. */
export const DEFAULT_CHART_HEIGHT = 320;

let runtime: Promise<typeof import('./echarts-runtime')> | undefined;
/** ECharts, fetched once, on the first screen that draws a chart. */
export const loadChartRuntime = () => (runtime ??= import('./echarts-runtime'));

export type ChartProps = {
  spec: ChartSpec;
  /** Pixels (default DEFAULT_CHART_HEIGHT); the width follows the container. */
  height?: number;
  /** A tree laid out taller than `height` (pixels): the drawing is a window on it, moved by dragging, opening on its middle (where the top of a tree drawn left to right sits). */
  treeHeight?: number;
  /**
   * A tree's node (by drill key) brought into view when drawn: the window moves so that it is in
   * the middle of the drawing where the tree allows. A tree node clicked instead stays where it
   * was on the screen when the next spec is drawn (a node opened or closed does not jump).
   */
  treeFocus?: string;
  /** A click on a bar, slice or point that has a drill key (and the same in the table twin). */
  onSelect?: (drillKey: string) => void;
  /** Drill keys as addresses: the table twin then shows links. */
  drillHref?: (drillKey: string) => string;
  /** The data table twin: inside a disclosure (default), always shown, or left to the screen. */
  table?: 'details' | 'visible' | 'none';
};

type Status = 'loading' | 'ready' | 'failed';

/**
 * The one chart of the product: a figure with the chart (ECharts, loaded on first use), a caption
 * with the title and the text summary, and the data table twin for keyboards and screen readers.
 * Colours follow the theme (re-drawn when it changes), motion follows prefers-reduced-motion,
 * the size follows the container.
 */
export function Chart({ spec, height = DEFAULT_CHART_HEIGHT, treeHeight, treeFocus, onSelect, drillHref, table = 'details' }: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  // A very large chart's table twin inside the closed disclosure is built when it opens: a thousand rows cost as much as the drawing.
  const [twinShown, setTwinShown] = useState(false);
  const captionId = useId();
  const runtimeRef = useRef<Awaited<ReturnType<typeof loadChartRuntime>> | null>(null);
  // The tree node last clicked and where it was drawn: kept there when the next spec is drawn.
  const clicked = useRef<{ key: string; at: [number, number] } | null>(null);
  const focusRef = useRef(treeFocus);
  focusRef.current = treeFocus;
  // A very large tree is drawn on a canvas: a new spec that crosses the line starts a new instance.
  const renderer = chartRendererOf(spec);

  useEffect(() => {
    let cancelled = false;
    let instance: ChartInstance | undefined;
    loadChartRuntime().then(
      (rt) => {
        if (cancelled || !element.current) return;
        runtimeRef.current = rt;
        instance = rt.initChart(element.current, renderer);
        setChart(instance);
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      instance?.dispose();
      setChart(null);
    };
  }, [renderer]);

  useEffect(() => {
    const el = element.current;
    if (!chart || !el) return;
    const draw = () => {
      chart.setOption(
        toEChartsOption(spec, readChartPalette(el), {
          reducedMotion: prefersReducedMotion(),
          locale: navigator.language,
          showTitle: false,
          ...(treeHeight && treeHeight > height ? { treeHeight, treeOffset: Math.round((treeHeight - height) / 2) } : {}),
        }),
        { notMerge: true },
      );
      placeTreeNode();
    };
    // A new drawing starts from the tree's middle: the node clicked goes back where it was, else the node in focus comes into view.
    const placeTreeNode = () => {
      const rt = runtimeRef.current;
      if (spec.kind !== 'tree' || !rt) return;
      const anchor = clicked.current;
      clicked.current = null;
      if (anchor && rt.moveTreeNodeTo(chart, anchor.key, anchor.at)) return;
      if (focusRef.current) rt.moveTreeNodeTo(chart, focusRef.current, 'centre');
    };
    // data-drawn says when the drawing is complete (ECharts' "finished"), for tests and benchmarks.
    const finished = () => el.setAttribute('data-drawn', 'true');
    chart.on('finished', finished);
    el.setAttribute('data-drawn', 'false');
    draw();
    const unwatch = watchTheme(draw);
    return () => {
      unwatch();
      chart.off('finished', finished);
    };
  }, [chart, spec, treeHeight, height]);

  useEffect(() => {
    if (!chart || !onSelect) return;
    const handler = (params: unknown) => {
      const { componentType, seriesIndex, dataIndex, data } = params as ChartClick;
      if (componentType !== 'series' || seriesIndex === undefined || dataIndex === undefined) return;
      // A tree numbers its nodes in its own layout order: the node carries its key.
      const key = spec.kind === 'tree' ? data?.drill : drillKeyAt(spec, seriesIndex, dataIndex);
      if (!key) return;
      const at = spec.kind === 'tree' ? runtimeRef.current?.treeNodeAt(chart, key) : null;
      clicked.current = at ? { key, at } : null;
      onSelect(key);
    };
    chart.on('click', handler);
    return () => {
      chart.off('click', handler);
    };
  }, [chart, spec, onSelect]);

  useEffect(() => {
    const el = element.current;
    if (!chart || !el) return;
    // Drawn again only when the size really changed: the first observation reports the size drawn already.
    let size = `${el.clientWidth}x${el.clientHeight}`;
    const resize = () => {
      const now = `${el.clientWidth}x${el.clientHeight}`;
      if (now === size) return;
      size = now;
      chart.resize();
    };
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', resize);
      return () => window.removeEventListener('resize', resize);
    }
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    return () => observer.disconnect();
  }, [chart]);

  const twin = <ChartTable spec={spec} onSelect={onSelect} drillHref={drillHref} locale={navigator.language} />;
  return (
    <figure className="chart" aria-labelledby={captionId} data-status={status} data-renderer={renderer}>
      <div
        ref={element}
        className="chart__drawing"
        style={{ height }}
        role="img"
        aria-label={chartName(spec)}
        aria-busy={status === 'loading'}
      />
      <figcaption id={captionId} className="chart__caption">
        <span className="chart__title">{spec.title}</span> <span>{spec.summary}</span>
      </figcaption>
      {status === 'failed' && (
        <p className="chart__failed" role="status">
          The chart could not be drawn; the table shows the same figures.
        </p>
      )}
      {status === 'failed' || table === 'visible' ? (
        twin
      ) : table === 'details' ? (
        <details className="chart__details" onToggle={(e) => setTwinShown(e.currentTarget.open)}>
          <summary>Show the figures as a table</summary>
          {twinShown || renderer === 'svg' ? twin : null}
        </details>
      ) : null}
    </figure>
  );
}
