/**
 * The chart specification shared by the browser and the server: a report, a burndown or a
 * dashboard tile says *what* to draw as a `ChartSpec`; `toEChartsOption` turns it into the plain
 * option object that ECharts draws, in the browser (src/shared/ui/chart) and on the server as SVG
 * for PDFs (server/platform/charts). Nothing here imports ECharts: the option is plain data plus
 * a few formatter functions.
 */
import { z } from './common/zod';
import { MONEY_DECIMALS, PERCENT_DECIMALS } from './common/constants';
import type { TicketStatus } from './common/codes';

/** `tree`: each category is a node, `parents` says under which one (an org chart); one series holds a value per node. */
export const CHART_KINDS = ['bar', 'horizontalBar', 'stackedBar', 'line', 'area', 'pie', 'donut', 'burndown', 'tree'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];


/** Up to this many categories, the category axis names every one (overlapping names are still hidden). */
const EVERY_LABEL_UP_TO = 12;
/** Ticks of a value axis that runs along the width (horizontal bars): fewer than ECharts' five, so the labels fit a phone. */
const VALUE_TICKS_ALONG_WIDTH = 3;
/**
 * How values read: `count` whole numbers; `hours` up to two decimals; `money` integer cents shown
 * with two decimals (the chart plots currency units); `percent` percentage points (41.5 = 41.5 %)
 * with two decimals.
 */
export const CHART_UNITS = ['count', 'hours', 'money', 'percent'] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

export const CHART_LIMITS = {
  titleLength: 200,
  summaryLength: 1000,
  labelLength: 120,
  drillKeyLength: 500,
  points: 2000,
  series: 20,
  markers: 50,
} as const;

const label = z.string().trim().min(1).max(CHART_LIMITS.labelLength);

/**
 * Colours that carry a meaning: a priority or a ticket status is drawn in the colour of its badge,
 * never in a series colour (Critical is red in a chart as in a list). Each tone names the design
 * token its badge paints with (Badge.module.css): the browser reads that very token, so the chart
 * follows the theme; LIGHT/DARK_CHART_PALETTE hold the same values for the server.
 */
export const CHART_TONE_TOKENS = {
  /** The filled Critical badge. */
  critical: '--cc-danger-solid',
  /** Its own orange, apart from Critical's red (the High badge's text stays the danger red, with a diamond). */
  high: '--cc-priority-high',
  medium: '--cc-warning',
  low: '--cc-success',
  /** No or an unknown priority: the neutral badge. */
  unrated: '--cc-neutral-tone',
  statusA: '--cc-status-a-text',
  statusWOP: '--cc-status-wop-text',
  statusWOC: '--cc-status-woc-text',
  statusWOT: '--cc-status-wot-text',
  statusC: '--cc-status-c-text',
} as const;
export type ChartTone = keyof typeof CHART_TONE_TOKENS;
export const CHART_TONES = Object.keys(CHART_TONE_TOKENS) as ChartTone[];

const SEVERITY_TONES: Record<string, ChartTone> = { C: 'critical', H: 'high', M: 'medium', L: 'low' };
/** The tone of a priority (severity code): the colour of its badge. */
export function severityTone(code: string | null | undefined): ChartTone {
  return (code && SEVERITY_TONES[code]) || 'unrated';
}
const STATUS_TONES: Record<TicketStatus, ChartTone> = { A: 'statusA', WOP: 'statusWOP', WOC: 'statusWOC', WOT: 'statusWOT', C: 'statusC' };
/** The tone of a ticket status code: the colour of its badge (grey for an unknown code). */
export function statusTone(code: string | null | undefined): ChartTone {
  return (code && (STATUS_TONES as Record<string, ChartTone>)[code]) || 'unrated';
}
const tone = z.enum(CHART_TONES as [ChartTone, ...ChartTone[]]);

export const chartSeriesSchema = z.object({
  name: label,
  /** One value per category; null leaves a gap (a day without data). */
  values: z.array(z.number().finite().nullable()).max(CHART_LIMITS.points),
  /** Series with the same stack name pile up (bar and area charts). */
  stack: z.string().trim().min(1).max(60).optional(),
  /** Burndown: the straight line from the starting scope to zero. */
  role: z.enum(['actual', 'ideal']).optional(),
  /**
   * One opaque key per data point (null: not clickable). The screen turns a key into a link
   * (for example the ticket search filtered to that segment).
   */
  drill: z.array(z.string().min(1).max(CHART_LIMITS.drillKeyLength).nullable()).max(CHART_LIMITS.points).optional(),
  /** The whole series in a meaning's colour (a stack segment per priority). */
  tone: tone.optional(),
  /** One tone per data point (null: the series colour), for bars or slices that stand for a priority or a status. */
  tones: z.array(tone.nullable()).max(CHART_LIMITS.points).optional(),
});
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

/**
 * Marks drawn over the data: a line at a category (a scope change on a burndown), a line at a
 * value (a target such as 95 %), or a point on one series at a category.
 */
export const chartMarkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('category'), category: label, label }),
  z.object({ type: z.literal('value'), value: z.number().finite(), label }),
  z.object({ type: z.literal('point'), category: label, series: z.number().int().min(0).default(0), label }),
]);
export type ChartMarker = z.infer<typeof chartMarkerSchema>;

export const chartSpecSchema = z
  .object({
    kind: z.enum(CHART_KINDS),
    title: z.string().trim().min(1).max(CHART_LIMITS.titleLength),
    /** The text alternative: what a person should take from the chart, in a sentence or two. */
    summary: z.string().trim().min(1).max(CHART_LIMITS.summaryLength),
    unit: z.enum(CHART_UNITS).default('count'),
    /** ISO 4217 code shown with money values (none: the number alone). */
    currency: z.string().regex(/^[A-Z]{3}$/).optional(),
    /** The x values (the slices of a pie), in order. */
    categories: z.array(label).max(CHART_LIMITS.points),
    /** The heading of the categories column in the table twin (for example "Week"). */
    categoryLabel: label.optional(),
    /** The value axis name (for example "Open tickets"). */
    valueLabel: label.optional(),
    series: z.array(chartSeriesSchema).min(1).max(CHART_LIMITS.series),
    markers: z.array(chartMarkerSchema).max(CHART_LIMITS.markers).default([]),
    /** A tree: per category the index of the category above it (null: at the top). */
    parents: z.array(z.number().int().min(0).nullable()).max(CHART_LIMITS.points).optional(),
    /** A tree: the categories drawn stressed (a person's chain to the top), by index. */
    emphasised: z.array(z.number().int().min(0)).max(CHART_LIMITS.points).optional(),
    /** A tree: the categories drawn closed, the nodes below them left out of the drawing until opened (a large org chart), by index. */
    collapsed: z.array(z.number().int().min(0)).max(CHART_LIMITS.points).optional(),
  })
  .superRefine((spec, ctx) => {
    const names = new Set<string>();
    spec.series.forEach((s, i) => {
      if (s.values.length !== spec.categories.length) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'values'], message: `needs one value per category (${spec.categories.length})` });
      }
      if (s.drill && s.drill.length !== s.values.length) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'drill'], message: 'needs one key (or null) per value' });
      }
      if (s.tones && s.tones.length !== s.values.length) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'tones'], message: 'needs one tone (or null) per value' });
      }
      if (names.has(s.name)) ctx.addIssue({ code: 'custom', path: ['series', i, 'name'], message: 'series names must differ' });
      names.add(s.name);
    });
    if (isPie(spec.kind)) {
      if (spec.series.length !== 1) ctx.addIssue({ code: 'custom', path: ['series'], message: 'a pie or donut has exactly one series' });
      if (spec.markers.length) ctx.addIssue({ code: 'custom', path: ['markers'], message: 'a pie or donut has no markers' });
      if (spec.series[0]?.values.some((v) => v !== null && v < 0)) {
        ctx.addIssue({ code: 'custom', path: ['series', 0, 'values'], message: 'pie slices cannot be negative' });
      }
    }
    if (spec.kind === 'tree') {
      if (spec.series.length !== 1) ctx.addIssue({ code: 'custom', path: ['series'], message: 'a tree has exactly one series' });
      if (spec.parents && spec.parents.length !== spec.categories.length) {
        ctx.addIssue({ code: 'custom', path: ['parents'], message: `needs one parent (or null) per category (${spec.categories.length})` });
      }
      spec.parents?.forEach((p, i) => {
        if (p !== null && (p >= spec.categories.length || p === i)) ctx.addIssue({ code: 'custom', path: ['parents', i], message: 'is not another category' });
      });
    } else if (spec.parents || spec.emphasised || spec.collapsed) {
      ctx.addIssue({ code: 'custom', path: ['parents'], message: 'only a tree has parents' });
    }
    if (spec.kind === 'burndown' && !spec.series.some((s) => s.role !== 'ideal')) {
      ctx.addIssue({ code: 'custom', path: ['series'], message: 'a burndown needs an actual series besides the ideal line' });
    }
    const categories = new Set(spec.categories);
    spec.markers.forEach((m, i) => {
      if (m.type !== 'value' && !categories.has(m.category)) {
        ctx.addIssue({ code: 'custom', path: ['markers', i, 'category'], message: 'is not one of the categories' });
      }
      if (m.type === 'point' && m.series >= spec.series.length) {
        ctx.addIssue({ code: 'custom', path: ['markers', i, 'series'], message: 'is not a series index' });
      }
    });
  });
/** A chart as features write it (defaults optional). */
export type ChartSpecInput = z.input<typeof chartSpecSchema>;
/** A validated chart. */
export type ChartSpec = z.output<typeof chartSpecSchema>;

/** Validates a chart specification (throws a ZodError naming every problem). */
export function chartSpec(input: ChartSpecInput): ChartSpec {
  return chartSpecSchema.parse(input);
}

function isPie(kind: ChartKind): boolean {
  return kind === 'pie' || kind === 'donut';
}

/** The drill key of a data point, if it has one (series and data indexes as ECharts reports them). */
export function drillKeyAt(spec: ChartSpec, seriesIndex: number, dataIndex: number): string | undefined {
  return spec.series[seriesIndex]?.drill?.[dataIndex] ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// Values as people read them

export type ChartFormatOptions = {
  /** BCP 47 locale; the browser passes the user's, the server a fixed one for identical output. */
  locale?: string;
};

const DECIMALS: Record<ChartUnit, { min: number; max: number }> = {
  count: { min: 0, max: 0 },
  hours: { min: 0, max: 2 },
  money: { min: MONEY_DECIMALS, max: MONEY_DECIMALS },
  percent: { min: PERCENT_DECIMALS, max: PERCENT_DECIMALS },
};

/** Cents → currency units for money; other units plot as they are. */
export function plotValue(value: number, unit: ChartUnit): number {
  return unit === 'money' ? value / 10 ** MONEY_DECIMALS : value;
}

/** Number formats by locale and decimals, made once: making one costs far more than using it (a PDF table formats hundreds). */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) NUMBER_FORMATS.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max })));
  return format;
}

/** A plotted value (currency units for money) as text with its unit. */
export function formatPlotted(value: number, spec: Pick<ChartSpec, 'unit' | 'currency'>, options: ChartFormatOptions = {}): string {
  const { min, max } = DECIMALS[spec.unit];
  const number = numberFormat(options.locale ?? 'en-US', min, max).format(value);
  switch (spec.unit) {
    case 'hours':
      return `${number} h`;
    case 'percent':
      return `${number} %`;
    case 'money':
      return spec.currency ? `${spec.currency} ${number}` : number;
    default:
      return number;
  }
}

/**
 * Ticks of a value axis are round numbers (0, 12.5, 25 …; whole ones with counts): each reads with
 * the fewest decimals it needs, so "100 %" and "62.5 %", never "100.00 %". This many at the most
 * (a tick is never a long fraction; float noise such as 0.30000000000000004 goes).
 */
const AXIS_TICK_MAX_DECIMALS = 4;

/**
 * A tick of a value axis as text with its unit: money compact ($100K, see formatCompactMoney),
 * other units with the fewest decimals the tick needs. Exact values, with the unit's decimals, are
 * the tooltip's and the table twin's (formatPlotted).
 */
export function formatAxisTick(value: number, spec: Pick<ChartSpec, 'unit' | 'currency'>, options: ChartFormatOptions = {}): string {
  if (spec.unit === 'money') return formatCompactMoney(value, spec.currency, options);
  const number = numberFormat(options.locale ?? 'en-US', 0, spec.unit === 'count' ? 0 : AXIS_TICK_MAX_DECIMALS).format(value);
  return spec.unit === 'hours' ? `${number} h` : spec.unit === 'percent' ? `${number} %` : number;
}

/** Compact formats by locale and currency, made once. */
const COMPACT_FORMATS = new Map<string, Intl.NumberFormat>();
/**
 * An axis tick of a money axis ($100K, $1.2M, 1,2 Mio. €): compact, in the user's locale, with the
 * currency's symbol; exact amounts stay in the tooltip and the table twin.
 */
export function formatCompactMoney(value: number, currency: string | undefined, options: ChartFormatOptions = {}): string {
  const locale = options.locale ?? 'en-US';
  const key = `${locale}|${currency ?? ''}`;
  let format = COMPACT_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1, ...(currency ? { style: 'currency', currency } : {}) });
    COMPACT_FORMATS.set(key, format);
  }
  return format.format(value);
}

/** A value of the spec (cents for money) as text; null reads as an em dash. */
export function formatChartValue(value: number | null, spec: Pick<ChartSpec, 'unit' | 'currency'>, options: ChartFormatOptions = {}): string {
  if (value === null) return '—';
  return formatPlotted(plotValue(value, spec.unit), spec, options);
}

// ---------------------------------------------------------------------------------------------
// The tooltip

/** Text put into the tooltip's HTML (series, categories and people's names are data). */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** What ECharts hands a tooltip formatter for one data point (the fields read here). */
export type TooltipPoint = { seriesName?: string; name?: string; axisValueLabel?: string; value?: unknown; color?: unknown; percent?: number };

/** The classes of the tooltip's parts (styled by the chart component's stylesheet, src/shared/ui/chart/chart.css). */
const CHART_TOOLTIP_CLASSES = {
  title: 'chart-tooltip__title',
  row: 'chart-tooltip__row',
  marker: 'chart-tooltip__marker',
  name: 'chart-tooltip__name',
  value: 'chart-tooltip__value',
} as const;

/**
 * The tooltip's HTML: a heading (the category, or a pie's series) and one row a point, "marker
 * name: value". Classes, not inline styles (the portal's CSP drops style attributes, which is what
 * ran ECharts' own rows together as "CSAT71.43 %"); the marker is a small SVG whose colour is an
 * attribute, not a style. Every name is escaped.
 */
function tooltipHtml(title: string | undefined, rows: readonly { name: string; value: string; color?: string }[]): string {
  const c = CHART_TOOLTIP_CLASSES;
  const marker = (color: string | undefined) =>
    color ? `<svg class="${c.marker}" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="5" fill="${escapeHtml(color)}"/></svg>` : '';
  const head = title ? `<div class="${c.title}">${escapeHtml(title)}</div>` : '';
  return (
    head +
    rows
      .map((r) => `<div class="${c.row}">${marker(r.color)}<span class="${c.name}">${escapeHtml(r.name)}:</span> <span class="${c.value}">${escapeHtml(r.value)}</span></div>`)
      .join('')
  );
}

// ---------------------------------------------------------------------------------------------
// Colours

/**
 * The colours a chart draws with. The browser reads them from CSS custom properties (see
 * CHART_PALETTE_PROPERTIES), so light and dark themes work; the server passes LIGHT_CHART_PALETTE.
 */
export type ChartPalette = {
  /** Series colours in order; distinguishable with the common colour-vision deficiencies. */
  series: string[];
  text: string;
  mutedText: string;
  axis: string;
  grid: string;
  background: string;
  /** The ideal line of a burndown. */
  ideal: string;
  /** Marker lines and points. */
  marker: string;
  tooltipBackground: string;
  /** The colours of meanings (priorities, statuses): the badge colours, see CHART_TONE_TOKENS. */
  tones: Record<ChartTone, string>;
};

/**
 * Okabe–Ito based: tells apart with deuteranopia, protanopia and tritanopia; decals add patterns.
 * The same values as the --cc-chart-N tokens (tokens.css), which are contrast-checked (3:1 on the
 * surfaces); the server draws with these.
 */
export const LIGHT_CHART_PALETTE: ChartPalette = {
  series: ['#0072B2', '#C25500', '#00866A', '#C0628F', '#B07400', '#8064C4', '#8C6D31', '#4D4D4D'],
  text: '#1F2933',
  mutedText: '#52606D',
  axis: '#7B8794',
  grid: '#E4E7EB',
  background: '#FFFFFF',
  ideal: '#7B8794',
  marker: '#B3261E',
  tooltipBackground: '#FFFFFF',
  tones: {
    critical: '#c0261a',
    high: '#c45000',
    medium: '#8a5300',
    low: '#17692f',
    unrated: '#424b59',
    statusA: '#0a4f94',
    statusWOP: '#5631a6',
    statusWOC: '#7a4d00',
    statusWOT: '#0b645c',
    statusC: '#424b59',
  },
};

export const DARK_CHART_PALETTE: ChartPalette = {
  series: ['#56B4E9', '#F28E4B', '#3FC89F', '#E39BC8', '#F0C04A', '#B9A6F0', '#C9A66B', '#BDBDBD'],
  text: '#E4E7EB',
  mutedText: '#B8C2CC',
  axis: '#9AA5B1',
  grid: '#3E4C59',
  background: '#1F2933',
  ideal: '#9AA5B1',
  marker: '#FF8A80',
  tooltipBackground: '#323F4B',
  tones: {
    critical: '#c0342a',
    high: '#ff8f3f',
    medium: '#f2c45a',
    low: '#74d48e',
    unrated: '#c0c8d2',
    statusA: '#9ccaff',
    statusWOP: '#c9b3ff',
    statusWOC: '#f2c45a',
    statusWOT: '#7fdacd',
    statusC: '#c0c8d2',
  },
};

type PlainColour = Exclude<keyof ChartPalette, 'series' | 'tones'>;

/** The CSS custom properties the browser reads the palette from (the design tokens define them; tones: CHART_TONE_TOKENS). */
export const CHART_PALETTE_PROPERTIES: { series: string[] } & Record<PlainColour, string> = {
  series: Array.from({ length: LIGHT_CHART_PALETTE.series.length }, (_, i) => `--chart-${i + 1}`),
  text: '--chart-text',
  mutedText: '--chart-muted-text',
  axis: '--chart-axis',
  grid: '--chart-grid',
  background: '--chart-background',
  ideal: '--chart-ideal',
  marker: '--chart-marker',
  tooltipBackground: '--chart-tooltip-background',
};

/** A palette from a lookup of CSS custom properties, each missing one taken from `fallback`. */
export function paletteFromProperties(read: (property: string) => string | undefined, fallback: ChartPalette): ChartPalette {
  const get = (property: string, otherwise: string) => read(property)?.trim() || otherwise;
  const { series, ...rest } = CHART_PALETTE_PROPERTIES;
  const palette = {
    ...fallback,
    series: series.map((p, i) => get(p, fallback.series[i % fallback.series.length]!)),
    tones: Object.fromEntries(CHART_TONES.map((t) => [t, get(CHART_TONE_TOKENS[t], fallback.tones[t])])) as Record<ChartTone, string>,
  };
  for (const [key, property] of Object.entries(rest) as [PlainColour, string][]) {
    palette[key] = get(property, fallback[key]);
  }
  return palette;
}

// ---------------------------------------------------------------------------------------------
// The ECharts option

export type ToOptionOptions = ChartFormatOptions & {
  /** prefers-reduced-motion: no animation at all. */
  reducedMotion?: boolean;
  /** Font family of every text (the server uses the PDF's font). */
  fontFamily?: string;
  /** Show the value on each bar, point or slice (static renderings such as PDFs, where there is no tooltip). */
  valueLabels?: boolean;
  /** Draw the title inside the chart (off where a caption beside the chart already shows it). */
  showTitle?: boolean;
  /**
   * A tree laid out taller than the drawing (pixels), and where the drawing's window on it starts
   * (pixels from the layout's top): moved by dragging, only the part in view is painted (docs/adr/0235).
   */
  treeHeight?: number;
  treeOffset?: number;
};

/** A plain ECharts option object (typed loosely here so that contracts need no ECharts types). */
export type ChartOption = Record<string, unknown>;

type DataPoint = { value: number | null; name?: string; itemStyle?: { color: string } };

/** Symbols per series, so lines differ by shape as well as by colour. */
const SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'roundRect', 'pin', 'arrow', 'emptyCircle'];
const LINE_TYPES = ['solid', 'dashed', 'dotted'] as const;

/** What a chart is called for assistive technology: its title, then its text summary. */
export function chartName(spec: Pick<ChartSpec, 'title' | 'summary'>): string {
  return `${spec.title}. ${spec.summary}`;
}

/**
 * The ECharts option for a spec: ARIA on with the chart's name (`chartName`) as its description,
 * decal patterns for colour-blind readers, the palette's colours, and no animation when reduced
 * motion is asked. Pure: the same arguments give an equal option.
 */
export function toEChartsOption(spec: ChartSpec, palette: ChartPalette, options: ToOptionOptions = {}): ChartOption {
  const fmt = (value: unknown) => (typeof value === 'number' ? formatPlotted(value, spec, options) : '—');
  const name = chartName(spec);
  const textStyle = { color: palette.text, ...(options.fontFamily ? { fontFamily: options.fontFamily } : {}) };
  const animate = !options.reducedMotion;
  const showTitle = options.showTitle ?? true;
  const anyDrill = (s: ChartSeries) => s.drill?.some((k) => k !== null) ?? false;
  /** A pie slice's share of the whole (ECharts' percent, two decimals at most). */
  const share = (percent: number) => formatAxisTick(percent, { unit: 'percent' }, options);
  const colourOf = (p: TooltipPoint) => (typeof p.color === 'string' ? p.color : undefined);
  /** An axis tooltip: the category, then each series' value; a pie's: the series, then the slice with its share. */
  const tooltipOf = (params: TooltipPoint | TooltipPoint[]) => {
    if (Array.isArray(params)) {
      return tooltipHtml(params[0]?.axisValueLabel ?? params[0]?.name, params.map((p) => ({ name: p.seriesName ?? '', value: fmt(p.value), color: colourOf(p) })));
    }
    const part = typeof params.percent === 'number' ? ` (${share(params.percent)})` : '';
    return tooltipHtml(params.seriesName, [{ name: params.name ?? '', value: `${fmt(params.value)}${part}`, color: colourOf(params) }]);
  };
  const base: ChartOption = {
    animation: animate,
    ...(animate ? {} : { animationDuration: 0, animationDurationUpdate: 0, stateAnimation: { duration: 0 } }),
    backgroundColor: palette.background,
    color: palette.series,
    textStyle,
    // ECharts names the drawing with this description once drawn: the same name as before it was
    // drawn (the title, then the summary), so a screen reader hears one name for the chart.
    aria: {
      enabled: true,
      description: name,
      label: { enabled: true, description: name },
      decal: { show: true },
    },
    title: { show: showTitle, text: spec.title, left: 'center', top: 4, textStyle: { ...textStyle, fontSize: 14, fontWeight: 600 } },
    tooltip: {
      trigger: isPie(spec.kind) ? 'item' : 'axis',
      confine: true,
      backgroundColor: palette.tooltipBackground,
      borderColor: palette.grid,
      textStyle,
      formatter: (params: TooltipPoint | TooltipPoint[]) => tooltipOf(params),
      ...(animate ? {} : { transitionDuration: 0 }),
    },
    legend: {
      show: spec.series.length > 1 || isPie(spec.kind),
      bottom: 0,
      type: 'scroll',
      textStyle,
      pageTextStyle: textStyle,
    },
  };

  const plotted = (s: ChartSeries): DataPoint[] =>
    s.values.map((v, i) => {
      const t = s.tones?.[i];
      return { value: v === null ? null : plotValue(v, spec.unit), ...(t ? { itemStyle: { color: palette.tones[t] } } : {}) };
    });
  /** A series drawn in a meaning's colour (its legend and tooltip marker follow). */
  const toned = (s: ChartSeries) => (s.tone ? { color: palette.tones[s.tone], itemStyle: { color: palette.tones[s.tone] } } : {});
  const valueLabel = (position: string) =>
    options.valueLabels ? { show: true, position, color: palette.text, formatter: (p: { value: unknown }) => fmt(p.value) } : { show: false };

  if (isPie(spec.kind)) {
    const s = spec.series[0]!;
    return {
      ...base,
      series: [
        {
          type: 'pie',
          name: s.name,
          radius: spec.kind === 'donut' ? ['45%', '70%'] : [0, '70%'],
          center: ['50%', showTitle ? '52%' : '47%'],
          cursor: anyDrill(s) ? 'pointer' : 'default',
          avoidLabelOverlap: true,
          itemStyle: { borderColor: palette.background, borderWidth: 1 },
          label: {
            color: palette.text,
            // The slice's share with the fewest decimals it needs, in the reader's locale (the tooltip says the same).
            formatter: (p: { name: string; value: unknown; percent: number }) =>
              options.valueLabels ? `${p.name}: ${fmt(p.value)} (${share(p.percent)})` : `${p.name}: ${share(p.percent)}`,
          },
          data: spec.categories.map((name, i) => ({ name, ...plotted(s)[i]! })),
        },
      ],
    };
  }

  if (spec.kind === 'tree') return { ...base, legend: { show: false }, tooltip: { ...(base.tooltip as object), trigger: 'item' }, series: [treeSeries(spec, palette, options, fmt)] };

  const horizontal = spec.kind === 'horizontalBar';
  const categoryAxis = {
    type: 'category',
    data: spec.categories,
    // Beside horizontal bars the name would sit on the labels; the table twin names the column.
    name: horizontal ? undefined : spec.categoryLabel,
    nameLocation: 'middle',
    nameGap: 28,
    nameTextStyle: { color: palette.mutedText },
    axisLine: { lineStyle: { color: palette.axis } },
    axisTick: { alignWithLabel: true, lineStyle: { color: palette.axis } },
    // A few categories (statuses, severities) each get their name, unless names would overlap;
    // many (days of a period) get evenly spaced names.
    axisLabel: { color: palette.mutedText, hideOverlap: true, ...(spec.categories.length <= EVERY_LABEL_UP_TO ? { interval: 0 } : {}) },
    boundaryGap: !isLine(spec.kind) ? true : false,
    // Horizontal bars read top to bottom in the categories' order, like the table twin.
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis = {
    type: 'value',
    name: spec.valueLabel,
    // Counts are whole: no tick at 0.5, so no repeated label once the ticks are rounded.
    ...(spec.unit === 'count' ? { minInterval: 1 } : {}),
    nameTextStyle: { color: palette.mutedText },
    axisLine: { show: false },
    // Labels lying side by side along the width (horizontal bars, a phone) take fewer ticks; one that would still touch its neighbour is hidden.
    ...(horizontal ? { splitNumber: VALUE_TICKS_ALONG_WIDTH } : {}),
    axisLabel: {
      color: palette.mutedText,
      hideOverlap: true,
      formatter: (v: number) => formatAxisTick(v, spec, options),
    },
    splitLine: { lineStyle: { color: palette.grid } },
  };

  const markLine = (s: number) => {
    const lines = spec.markers.flatMap((m) => {
      if (m.type === 'category') return [{ name: m.label, [horizontal ? 'yAxis' : 'xAxis']: m.category }];
      if (m.type === 'value') return [{ name: m.label, [horizontal ? 'xAxis' : 'yAxis']: plotValue(m.value, spec.unit) }];
      return [];
    });
    if (s !== 0 || !lines.length) return undefined;
    return {
      silent: true,
      symbol: 'none',
      animation: animate,
      lineStyle: { color: palette.marker, type: 'dashed', width: 1.5 },
      label: { formatter: '{b}', color: palette.marker, position: 'insideEndTop' },
      data: lines,
    };
  };
  const markPoint = (s: number) => {
    const points = spec.markers.flatMap((m) => {
      if (m.type !== 'point' || m.series !== s) return [];
      const i = spec.categories.indexOf(m.category);
      const v = spec.series[s]!.values[i];
      if (v === null || v === undefined) return [];
      const y = plotValue(v, spec.unit);
      return [{ name: m.label, coord: horizontal ? [y, m.category] : [m.category, y], value: m.label }];
    });
    if (!points.length) return undefined;
    return {
      silent: true,
      symbol: 'pin',
      symbolSize: 44,
      animation: animate,
      itemStyle: { color: palette.marker },
      label: { formatter: '{b}', color: palette.background, fontSize: 9 },
      data: points,
    };
  };

  let actualIndex = 0;
  const series = spec.series.map((s, i) => {
    const common = {
      name: s.name,
      data: plotted(s),
      cursor: anyDrill(s) ? 'pointer' : 'default',
      markLine: markLine(i),
      markPoint: markPoint(i),
      ...toned(s),
    };
    if (!isLine(spec.kind)) {
      return {
        ...common,
        type: 'bar',
        stack: spec.kind === 'stackedBar' ? (s.stack ?? 'total') : s.stack,
        barMaxWidth: 48,
        // Stacked segments carry their value inside; a label above would sit on the next segment.
        label: valueLabel(spec.kind === 'stackedBar' || s.stack ? 'inside' : horizontal ? 'right' : 'top'),
        emphasis: { focus: 'series' },
      };
    }
    if (s.role === 'ideal') {
      return {
        ...common,
        type: 'line',
        symbol: 'none',
        cursor: 'default',
        silent: true,
        color: palette.ideal,
        lineStyle: { type: 'dashed', width: 1.5, color: palette.ideal },
        label: { show: false },
      };
    }
    const n = actualIndex++;
    return {
      ...common,
      type: 'line',
      stack: s.stack,
      connectNulls: false,
      symbol: SYMBOLS[n % SYMBOLS.length],
      symbolSize: 7,
      showSymbol: true,
      lineStyle: { width: 2, type: LINE_TYPES[Math.floor(n / SYMBOLS.length) % LINE_TYPES.length] },
      ...(spec.kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
      label: valueLabel('top'),
      emphasis: { focus: 'series' },
    };
  });

  return {
    ...base,
    grid: { left: 16, right: 24, top: showTitle ? 40 : 24, bottom: spec.series.length > 1 ? 48 : 24, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series,
  };
}

/** Above this many nodes a tree is drawn without animation: moving a thousand labels into place costs more than it tells. */
export const TREE_ANIMATION_MAX_NODES = 200;

/**
 * How the browser draws a chart: SVG (crisp, text in the DOM), or on a canvas for a tree above
 * TREE_ANIMATION_MAX_NODES nodes, where writing thousands of SVG elements costs most of the draw
 * (docs/adr/0219-large-trees-drawn-on-a-canvas.md). The table twin carries the figures either way.
 */
export type ChartRenderer = 'svg' | 'canvas';
export function chartRendererOf(spec: ChartSpec): ChartRenderer {
  return spec.kind === 'tree' && spec.categories.length > TREE_ANIMATION_MAX_NODES ? 'canvas' : 'svg';
}

type TreeNode = { name: string; value: number | null; drill?: string; children: TreeNode[]; collapsed?: boolean; itemStyle?: Record<string, unknown>; label?: Record<string, unknown> };

/**
 * A tree series: laid out left to right, every node open but those the spec lists as collapsed
 * (ECharts neither lays out nor paints the nodes below them, and fills a closed node's dot), a
 * node's children in the categories' order. Several nodes at the top hang under one unlabelled root (ECharts draws one root). A
 * parent link that would loop is drawn at the top instead.
 */
function treeSeries(spec: ChartSpec, palette: ChartPalette, options: ToOptionOptions, fmt: (v: unknown) => string) {
  const s = spec.series[0]!;
  const stressed = new Set(spec.emphasised ?? []);
  const closed = new Set(spec.collapsed ?? []);
  const nodes: TreeNode[] = spec.categories.map((name, i) => {
    const value = s.values[i] ?? null;
    const drill = s.drill?.[i] ?? undefined;
    return {
      name,
      value: value === null ? null : plotValue(value, spec.unit),
      ...(drill ? { drill } : {}),
      children: [],
      // Drawn closed: a filled, larger dot and the count of the people below it after the name.
      ...(closed.has(i) ? { collapsed: true, symbolSize: 11, itemStyle: { color: palette.series[0] }, label: { formatter: `{b} +${fmt(value)}` } } : {}),
      ...(stressed.has(i)
        ? { itemStyle: { color: palette.series[1 % palette.series.length], borderColor: palette.text, borderWidth: 2 }, label: { fontWeight: 700, color: palette.text } }
        : {}),
    };
  });
  const parents = spec.parents ?? [];
  const roots: TreeNode[] = [];
  const reachesTop = (i: number) => {
    const seen = new Set<number>();
    for (let at: number | null | undefined = i; at !== null && at !== undefined; at = parents[at]) {
      if (seen.has(at)) return false;
      seen.add(at);
    }
    return true;
  };
  nodes.forEach((node, i) => {
    const p = parents[i];
    if (p === null || p === undefined || !reachesTop(i)) roots.push(node);
    else nodes[p]!.children.push(node);
  });
  const root: TreeNode = roots.length === 1 ? roots[0]! : { name: '', value: null, children: roots, itemStyle: { opacity: 0 } };
  return {
    type: 'tree',
    name: s.name,
    ...(spec.categories.length > TREE_ANIMATION_MAX_NODES ? { animation: false } : {}),
    data: [root],
    orient: 'LR',
    ...(options.treeHeight ? { top: 8 - (options.treeOffset ?? 0), height: Math.max(0, options.treeHeight - 16) } : { top: 8, bottom: 8 }),
    // Room for the top person's name, drawn on their left, and the last people's, on their right.
    left: 140,
    right: 160,
    roam: true,
    initialTreeDepth: -1,
    expandAndCollapse: false,
    symbol: 'circle',
    symbolSize: 9,
    cursor: s.drill?.some((k) => k !== null) ? 'pointer' : 'default',
    // With nodes drawn closed, the open ones are rings, so a filled dot says "more below".
    itemStyle: { color: closed.size ? palette.background : palette.series[0], borderColor: palette.series[0], ...(closed.size ? { borderWidth: 1.5 } : {}) },
    lineStyle: { color: palette.axis, width: 1, curveness: 0.4 },
    label: {
      position: 'left',
      verticalAlign: 'middle',
      align: 'right',
      color: palette.text,
      fontSize: 11,
      formatter: options.valueLabels ? (p: { name: string; value: unknown }) => (p.value === null || p.value === undefined ? p.name : `${p.name}: ${fmt(p.value)}`) : '{b}',
    },
    leaves: { label: { position: 'right', align: 'left' } },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: unknown }) =>
        p.value === null || p.value === undefined ? tooltipHtml(p.name, []) : tooltipHtml(undefined, [{ name: p.name, value: `${fmt(p.value)} ${spec.valueLabel ?? s.name}` }]),
    },
    emphasis: { focus: 'ancestor' },
  };
}

function isLine(kind: ChartKind): boolean {
  return kind === 'line' || kind === 'area' || kind === 'burndown';
}
