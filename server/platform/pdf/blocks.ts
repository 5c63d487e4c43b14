/**
 * The building blocks every feature's PDF uses: the standard page (header with the company's
 * name and logo, footer with "Page X of Y" and the generation date), tables that repeat their
 * header on every page with numbers and money aligned right, charts (the same ChartSpec as on
 * screen, drawn as SVG) and summary text. They build plain data (definition.ts): the render
 * worker draws it, and the chart too.
 */
import { readFileSync } from 'node:fs';
import type { Content, ContentTable, CustomTableLayout, TableCell, TDocumentInformation } from 'pdfmake/interfaces';
import { formatChartValue, type ChartSpec, type ChartUnit } from '@contracts/charts';
import { formatDay } from '@contracts/common/dates';
import { PAGE_COUNT, PAGE_NUMBER, type ChartNode, type PageTextNode, type PdfDefinition } from './definition';

/** A4 in points; margins leave room for the header and footer. */
export const PAGE = { width: 595.28, height: 841.89, margins: [40, 64, 40, 56] as [number, number, number, number] };
/** The width content can take on a portrait page. */
export const CONTENT_WIDTH = PAGE.width - PAGE.margins[0] - PAGE.margins[2];
const COLORS = { text: '#1F2933', muted: '#52606D', rule: '#CBD2D9', headerFill: '#F0F4F8', zebra: '#F8FAFC' };

let productLogo: string | undefined;
/** The product's logo (public/logo.svg), read once. */
export function defaultLogoSvg(): string {
  return (productLogo ??= readFileSync(new URL('../../../public/logo.svg', import.meta.url), 'utf8'));
}

export type StandardPageOptions = {
  /** The document's title: first heading and the PDF's Title. */
  title: string;
  /** Shown in the header of every page. */
  company: { name: string; logoSvg?: string };
  content: Content;
  /** When the document was made: shown in the footer and used as its creation date. */
  generatedAt: Date;
  /** How the date reads (defaults: en-US, UTC). */
  locale?: string;
  timeZone?: string;
  pageOrientation?: 'portrait' | 'landscape';
  /** More PDF metadata (author, subject, keywords; creationDate overrides generatedAt). */
  info?: TDocumentInformation;
};

/**
 * A document is read away from the screen, so its dates are written out in the product's one
 * format ("Nov 26, 2026", "Nov 26, 2026, 2:05 PM") in the configured zone, which a time also
 * names (ADR 0130). Defaults: en-US and UTC.
 */
export const PDF_DEFAULT_LOCALE = 'en-US';
export const PDF_DEFAULT_TIME_ZONE = 'UTC';

/** When a document was made, to the minute with its zone: "Nov 26, 2026, 2:05 PM UTC". */
export function formatGeneratedAt(date: Date, locale = PDF_DEFAULT_LOCALE, timeZone = PDF_DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(date);
}

/** The day of an instant in the document's zone: "Feb 3, 2026". */
export function formatPdfDate(instant: Date | string, locale = PDF_DEFAULT_LOCALE, timeZone = PDF_DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(instant));
}

/** A calendar day (YYYY-MM-DD) as itself, in any zone: "Feb 14, 2026". */
export function formatPdfDay(day: string, locale = PDF_DEFAULT_LOCALE): string {
  return formatDay(day, locale);
}

/** A whole document on the standard page. */
export function standardPage(options: StandardPageOptions): PdfDefinition {
  const logo = options.company.logoSvg ?? defaultLogoSvg();
  const generated = `Generated ${formatGeneratedAt(options.generatedAt, options.locale, options.timeZone)}`;
  return {
    pageSize: 'A4',
    pageOrientation: options.pageOrientation ?? 'portrait',
    pageMargins: PAGE.margins,
    info: { title: options.title, creationDate: options.generatedAt, ...options.info },
    header: {
      perPage: {
        margin: [PAGE.margins[0], 20, PAGE.margins[2], 0],
        columns: [
          { svg: logo, width: 24, height: 24 },
          { text: options.company.name, bold: true, fontSize: 11, color: COLORS.text, margin: [8, 6, 0, 0] },
          { text: options.title, alignment: 'right', fontSize: 9, color: COLORS.muted, margin: [0, 7, 0, 0] },
        ],
      },
    },
    footer: {
      perPage: {
        margin: [PAGE.margins[0], 20, PAGE.margins[2], 0],
        columns: [
          { text: generated, fontSize: 8, color: COLORS.muted },
          pageText(`Page ${PAGE_NUMBER} of ${PAGE_COUNT}`, { alignment: 'right', fontSize: 8, color: COLORS.muted }),
        ],
      },
    },
    content: [{ text: options.title, fontSize: 16, bold: true, color: COLORS.text, margin: [0, 0, 0, 12] }, options.content],
  };
}

/** Text of a header or footer with the page's number (PAGE_NUMBER) and the count (PAGE_COUNT) in it. */
function pageText(template: string, style: Record<string, unknown>): Content {
  const node: PageTextNode = { pageText: template, ...style };
  return node as unknown as Content;
}

/** The tables' layouts, by name: the render engine registers them with pdfmake. */
export const TABLE_LAYOUT = { plain: 'standardTable', totals: 'standardTableWithTotals' } as const;

/** Rules under the header (and over the totals), hairlines between rows, zebra stripes. */
function tableLayout(totals: boolean): CustomTableLayout {
  const rows = (node: ContentTable) => node.table.body.length;
  const isTotals = (i: number, node: ContentTable) => totals && i === rows(node) - 1;
  return {
    hLineWidth: (i, node) => (i === 1 || isTotals(i, node) ? 1 : i === 0 || i === rows(node) ? 0 : 0.5),
    vLineWidth: () => 0,
    hLineColor: () => COLORS.rule,
    fillColor: (i, node) => (i > 0 && i % 2 === 0 && !isTotals(i, node) ? COLORS.zebra : null),
    paddingTop: () => 3,
    paddingBottom: () => 3,
  };
}
export const TABLE_LAYOUTS: Record<(typeof TABLE_LAYOUT)[keyof typeof TABLE_LAYOUT], CustomTableLayout> = {
  [TABLE_LAYOUT.plain]: tableLayout(false),
  [TABLE_LAYOUT.totals]: tableLayout(true),
};

/** `text` or a unit of ChartSpec: numbers are formatted with it and aligned right. */
export type PdfColumnKind = 'text' | ChartUnit;
export type PdfColumn = { header: string; kind?: PdfColumnKind };
export type PdfCellValue = string | number | null;

export type TableBlockOptions = {
  /** Repeat the header row on every page (default true). */
  repeatHeader?: boolean;
  /** pdfmake widths per column (default: text columns share the width, numbers fit their content). */
  widths?: (number | '*' | 'auto')[];
  /** A last, bold row (totals), formatted like the columns. */
  totals?: PdfCellValue[];
  /** Money columns show this ISO code (default: the number alone). */
  currency?: string;
  locale?: string;
  fontSize?: number;
};

/** Formats a cell by its column: money is integer cents shown with two decimals. */
export function formatCell(value: PdfCellValue, kind: PdfColumnKind = 'text', options: Pick<TableBlockOptions, 'currency' | 'locale'> = {}): string {
  if (value === null) return kind === 'text' ? '' : '—';
  if (kind === 'text' || typeof value === 'string') return String(value);
  return formatChartValue(value, { unit: kind, currency: options.currency }, { locale: options.locale ?? 'en-US' });
}

/** A table over as many pages as it needs, its header repeated on each; rows never split. */
export function tableBlock(columns: PdfColumn[], rows: PdfCellValue[][], options: TableBlockOptions = {}): Content {
  const align = (c: PdfColumn) => (!c.kind || c.kind === 'text' ? 'left' : 'right');
  const fontSize = options.fontSize ?? 9;
  const row = (values: PdfCellValue[], bold = false): TableCell[] =>
    columns.map((c, i) => ({ text: formatCell(values[i] ?? null, c.kind, options), alignment: align(c), bold }));
  const body: TableCell[][] = [
    columns.map((c) => ({ text: c.header, bold: true, alignment: align(c), fillColor: COLORS.headerFill })),
    ...rows.map((r) => row(r)),
    ...(options.totals ? [row(options.totals, true)] : []),
  ];
  return {
    fontSize,
    table: {
      headerRows: (options.repeatHeader ?? true) ? 1 : 0,
      dontBreakRows: true,
      widths: options.widths ?? columns.map((c) => (!c.kind || c.kind === 'text' ? '*' : 'auto')),
      body,
    },
    layout: options.totals ? TABLE_LAYOUT.totals : TABLE_LAYOUT.plain,
    margin: [0, 0, 0, 12],
  };
}

export type ChartBlockOptions = {
  /** Points (default: the content width of a portrait page). */
  width?: number;
  height?: number;
  /** Print the chart's summary under it (default true). */
  summary?: boolean;
};

/** A chart drawn on the server from the same spec the screen uses, with its summary as text. */
export function chartBlock(spec: ChartSpec, options: ChartBlockOptions = {}): Content {
  const width = options.width ?? CONTENT_WIDTH;
  const height = options.height ?? Math.round(width * 0.5);
  const chart: ChartNode = { chart: spec, width, height };
  return {
    unbreakable: true,
    stack: [chart as unknown as Content, ...(options.summary === false ? [] : [summaryBlock(spec.summary)])],
    margin: [0, 0, 0, 12],
  };
}

/** A short paragraph of plain language (a report's one-line summary). */
export function summaryBlock(text: string): Content {
  return { text, fontSize: 10, color: COLORS.text, margin: [0, 4, 0, 12] };
}
