import type { ReactNode } from 'react';
import styles from './Markdown.module.css';

/**
 * Renders the Markdown subset of knowledge articles, for the client help screen and the assistant
 * (headings, paragraphs, lists, bold, italics, code and code blocks, quotes, tables, rules, links) as React elements, set in the
 * article typography of Markdown.module.css. No HTML string is ever injected: text stays text,
 * raw HTML in an article shows as typed, and links are limited to http(s), mailto and paths.
 */

/** Where a relative link is checked against: any origin of our own that no link can equal. */
const HERE = 'https://article.invalid';

/**
 * The href of a Markdown link when it is safe to follow, else null: an absolute http(s) address,
 * a mailto: address, or a path of this site. A path must start with one slash and stay on this
 * origin once the browser resolves it; a backslash, a control character or white space anywhere
 * is refused, because browsers read `/\evil.example` and `/<tab>/evil.example` as `//evil.example`.
 */
export function safeHref(href: string): string | null {
  if (/[\\\s]/.test(href) || [...href].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (/^mailto:[^/]/i.test(href)) return href;
  let url: URL;
  try {
    url = new URL(href, HERE);
  } catch {
    return null;
  }
  if (href.startsWith('/')) return !href.startsWith('//') && url.origin === HERE ? href : null;
  return /^https?:\/\/[^/]/i.test(href) && (url.protocol === 'https:' || url.protocol === 'http:') ? href : null;
}

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string, keyPrefix: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${keyPrefix}-${i}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={key}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, raw] = link;
      const href = safeHref(raw!);
      return href ? (
        <a key={key} href={href} rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <span key={key}>{label}</span>
      );
    }
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={key}>{part.slice(1, -1)}</em>;
    return part;
  });
}

/** A table's separator row: `| --- | :---: |` (the pipes at the ends are optional). */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** Where a paragraph ends: a line that starts another block. */
const BLOCK_START = /^(#{1,6}\s|\s*[-*]\s|\s*\d+\.\s|\s*>|\s*```|\s*\||\s*(-{3,}|\*{3,})\s*$)/;

/** The cells of one table row: `| a | b |` → ['a', 'b']. */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/**
 * `title`: the heading the page already shows for the article; a first heading of the article
 * that says the same is left out rather than printed twice.
 */
export function Markdown({ source, title }: { source: string; title?: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  while (i < lines.length && !lines[i]!.trim()) i += 1;
  const first = /^#{1,6}\s+(.*)$/.exec(lines[i] ?? '');
  if (title && first && same(first[1]!, title)) i += 1;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      i += 1;
    } else if (heading) {
      // Article headings sit below the page's own h1 and h2.
      const level = Math.min(6, heading[1]!.length + 2);
      const Tag = `h${level}` as 'h3';
      blocks.push(<Tag key={key}>{inline(heading[2]!, key)}</Tag>);
      i += 1;
    } else if (/^\s*```/.test(line)) {
      // A fenced code block: shown exactly as typed, up to the closing fence (or the end).
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) {
        code.push(lines[i]!);
        i += 1;
      }
      i += 1;
      blocks.push(
        <pre key={key}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
    } else if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      blocks.push(<hr key={key} />);
      i += 1;
    } else if (/^\s*>/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) {
        quote.push(lines[i]!.replace(/^\s*>\s?/, ''));
        i += 1;
      }
      blocks.push(
        <blockquote key={key}>
          <p>{inline(quote.join(' '), key)}</p>
        </blockquote>,
      );
    } else if (/^\s*\|/.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!)) {
      const head = cellsOf(line);
      const body: string[][] = [];
      i += 2;
      while (i < lines.length && /^\s*\|/.test(lines[i]!)) {
        body.push(cellsOf(lines[i]!));
        i += 1;
      }
      blocks.push(
        <div key={key} className={styles.tableBox}>
          <table>
            <thead>
              <tr>
                {head.map((cell, c) => (
                  <th key={c} scope="col">
                    {inline(cell, `${key}-h${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {body.map((row, r) => (
                <tr key={r}>
                  {head.map((_, c) => (
                    <td key={c}>{inline(row[c] ?? '', `${key}-${r}-${c}`)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
    } else if (/^\s*[-*]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      const ordered = /^\s*\d+\.\s+/.test(line);
      const pattern = ordered ? /^\s*\d+\.\s+(.*)$/ : /^\s*[-*]\s+(.*)$/;
      const items: ReactNode[] = [];
      while (i < lines.length && pattern.test(lines[i]!)) {
        items.push(<li key={`${key}-${items.length}`}>{inline(pattern.exec(lines[i]!)![1]!, `${key}-${items.length}`)}</li>);
        i += 1;
      }
      blocks.push(ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>);
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() && (para.length === 0 || !BLOCK_START.test(lines[i]!))) {
        para.push(lines[i]!);
        i += 1;
      }
      blocks.push(<p key={key}>{inline(para.join(' '), key)}</p>);
    }
  }
  return <div className={styles.markdown}>{blocks}</div>;
}
