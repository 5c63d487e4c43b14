import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/views/client/Markdown';

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

  it('shows raw HTML as text and drops script links', () => {
    const { container } = render(<Markdown source={'<img src=x onerror="alert(1)"> and [click](javascript:alert(1))'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent('click');
  });
});
