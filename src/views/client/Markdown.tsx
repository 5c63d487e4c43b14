import type { ReactNode } from 'react';

/**
 * Renders the Markdown subset of knowledge articles (headings, paragraphs, lists, bold,
 * italics, code, links) as React elements. No HTML string is ever injected: text stays text,
 * raw HTML in an article shows as typed, and links are limited to http(s), mailto and paths.
 */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string, keyPrefix: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${keyPrefix}-${i}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={key}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link;
      return SAFE_HREF.test(href!) ? (
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

export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
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
      while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|\s*[-*]\s|\s*\d+\.\s)/.test(lines[i]!)) {
        para.push(lines[i]!);
        i += 1;
      }
      blocks.push(<p key={key}>{inline(para.join(' '), key)}</p>);
    }
  }
  return <div className="markdown">{blocks}</div>;
}
