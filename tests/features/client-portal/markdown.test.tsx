import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/shared/ui/Markdown';

describe('article Markdown', () => {
  it('renders headings, lists, bold, code and safe links', () => {
    const { container } = render(
      <Markdown source={'# Welcome\n\nUse **Tickets** and `F5`.\n\n- one\n- two\n\n1. first\n2. second\n\nSee [the guide](https://example.com/guide).'} />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Welcome' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('Tickets');
    expect(container.querySelector('code')).toHaveTextContent('F5');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.com/guide');
  });

  it('renders tables, quotes, fenced code and rules as their elements, in the article typography', () => {
    const { container } = render(
      <Markdown
        source={
          'Check the **ACH settings** screen.\n\n| Bank message | What to check |\n| --- | :---: |\n| Invalid batch header | Origin **routing** number |\n| Invalid trace number |\n\n> Run the calculation after the review.\n> Edits made later are not on the bills.\n\n```\nresume-run --cycle 12\n  <b>as typed</b>\n```\n\n---\n\n| not a table'
        }
      />,
    );
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Bank message', 'What to check']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Invalid batch header', 'Origin routing number'],
      ['Invalid trace number', ''],
    ]);
    expect(table.querySelector('td strong')).toHaveTextContent('routing');
    expect(container.querySelector('blockquote')).toHaveTextContent('Run the calculation after the review. Edits made later are not on the bills.');
    expect(container.querySelector('pre code')?.textContent).toBe('resume-run --cycle 12\n  <b>as typed</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('hr')).not.toBeNull();
    // A pipe line without a separator row under it stays a paragraph.
    expect(screen.getByText('| not a table').tagName).toBe('P');
    // The typography is a CSS module's (no global class without a rule).
    expect(container.firstElementChild).not.toHaveClass('markdown');
    expect(container.firstElementChild?.className).toMatch(/markdown/);
  });

  it('leaves out a first heading that repeats the title the page already shows, and keeps a different one', () => {
    const { unmount } = render(<Markdown source={'\n# Fixing rejected autopay files\n\nA rejected file...'} title="Fixing Rejected Autopay Files" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('A rejected file...')).toBeInTheDocument();
    unmount();
    render(<Markdown source={'# Welcome\n\nHello'} title="Getting started with the client portal" />);
    expect(screen.getByRole('heading', { level: 3, name: 'Welcome' })).toBeInTheDocument();
  });

  it('shows raw HTML as text and drops script links', () => {
    const { container } = render(<Markdown source={'<img src=x onerror="alert(1)"> and [click](javascript:alert(1))'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent('click');
  });
});

describe('article links', () => {
  const hrefOf = (source: string) => {
    const { container, unmount } = render(<Markdown source={source} />);
    const href = container.querySelector('a')?.getAttribute('href') ?? null;
    unmount();
    return href;
  };

  it('drops links a browser would resolve off-site: backslashes, protocol-relative, white space and control characters', () => {
    for (const href of ['/\\evil.example', '/\\\\evil.example', '\\\\evil.example', '//evil.example', '/%09/evil.example'.replace('%09', '\t'), 'https:/\\evil.example', 'https://good.example\\@evil.example']) {
      expect(hrefOf(`[a](${href})`), href).toBeNull();
    }
  });

  it('drops other schemes and keeps site paths, http(s) and mailto links', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'evil.example', 'https:evil.example']) {
      expect(hrefOf(`[a](${href})`), href).toBeNull();
    }
    for (const href of ['/client/tickets', '/client/help/resources?article=3', 'https://example.com/guide', 'http://example.com', 'mailto:help@example.com']) {
      expect(hrefOf(`[a](${href})`), href).toBe(href);
    }
  });
});
