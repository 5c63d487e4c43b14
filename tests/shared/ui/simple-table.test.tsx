import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const rows = [
  { id: 1, name: 'Acme Utilities' },
  { id: 2, name: 'Globex Water' },
];
const columns = [{ header: 'Company', cell: (r: (typeof rows)[number]) => r.name }];

/** jsdom lays nothing out: give every element the widths a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}
afterEach(() => vi.restoreAllMocks());

describe('SimpleTable', () => {
  it('a table wider than its box makes the box a named, focusable group so the keyboard can scroll it', () => {
    widths(800, 320);
    render(<SimpleTable label="Responses and comments" rows={rows} rowKey={(r) => r.id} columns={columns} />);
    const box = screen.getByRole('group', { name: 'Responses and comments, scrolls sideways' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(screen.getByRole('table', { name: 'Responses and comments' }));
  });

  it('a table that fits adds no tab stop and no group', () => {
    widths(320, 320);
    render(<SimpleTable label="Responses and comments" rows={rows} rowKey={(r) => r.id} columns={columns} />);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('says the empty text in one row when there are no rows', () => {
    widths(320, 320);
    render(<SimpleTable rows={[]} rowKey={(r: (typeof rows)[number]) => r.id} columns={columns} empty="No data for table" />);
    expect(screen.getByRole('cell', { name: 'No data for table' })).toBeInTheDocument();
  });
});
