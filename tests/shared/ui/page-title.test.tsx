/** The one page-title API: inside the staff layout's <PageTitle> and outside it (client portal, own pages). */
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageTitle, pageTitleText, usePageTitle } from '@/shared/page-title';

function Screen({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

beforeEach(() => {
  document.title = 'before';
});

describe('usePageTitle', () => {
  it('refines the route’s name inside a PageTitle, and gives the name back when the screen goes', () => {
    const { rerender } = render(
      <PageTitle base="Ticket Search">
        <Screen title="Ticket #12" />
      </PageTitle>,
    );
    expect(document.title).toBe('Ticket #12 · Client Care');
    rerender(<PageTitle base="Ticket Search">{null}</PageTitle>);
    expect(document.title).toBe('Ticket Search · Client Care');
  });

  it('sets the tab title itself outside a PageTitle, with the same suffix', () => {
    const { rerender } = render(<Screen title="Dashboard" />);
    expect(document.title).toBe('Dashboard · Client Care');
    rerender(<Screen title="Ticket #41" />);
    expect(document.title).toBe(pageTitleText('Ticket #41'));
    rerender(<Screen title={null} />);
    expect(document.title).toBe('Ticket #41 · Client Care');
  });
});
