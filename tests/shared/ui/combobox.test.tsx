import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComboBox, type Option } from '@/shared/ui/components';
import { FILTER_DEBOUNCE_MS } from '@contracts/common/constants';

const COMPANIES: Option[] = [
  { id: 1, label: 'Acme Utilities' },
  { id: 2, label: 'Globex Water' },
  { id: 3, label: 'Acme Billing' },
];

/** A server that answers when told to, recording every request and whether it was aborted. */
function fakeServer() {
  const calls: { text: string; signal: AbortSignal; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const loader = vi.fn(
    (text: string, signal: AbortSignal) =>
      new Promise<Option[]>((resolve, reject) => {
        calls.push({
          text,
          signal,
          resolve: () => resolve(COMPANIES.filter((c) => c.label.toLowerCase().includes(text.toLowerCase()))),
          reject,
        });
      }),
  );
  return { loader, calls };
}

beforeEach(() => {
  // Fake timers that still follow the clock, so the user-event and react-aria awaits settle;
  // the tests jump over the debounce with advanceTimersByTime.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe('ComboBox with server search', () => {
  it('asks the server once, after a pause in typing, and shows loading, then the answer', async () => {
    const user = setupUser();
    const server = fakeServer();
    render(<ComboBox label="Company" loader={server.loader} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.type(input, 'acm');
    // Opening the list on focus and three keys: nothing asked yet.
    expect(server.loader).not.toHaveBeenCalled();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-busy', 'true');
    await act(async () => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(server.loader).toHaveBeenCalledTimes(1);
    expect(server.calls[0]!.text).toBe('acm');
    await act(async () => server.calls[0]!.resolve());
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Utilities', 'Acme Billing']);
    expect(input).not.toHaveAttribute('aria-busy');
  });

  it('aborts the older request when the text changes and ignores its answer', async () => {
    const user = setupUser();
    const server = fakeServer();
    render(<ComboBox label="Company" loader={server.loader} debounceMs={200} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.type(input, 'a');
    await act(async () => vi.advanceTimersByTime(200));
    expect(server.calls).toHaveLength(1);
    await user.type(input, 'cme b');
    expect(server.calls[0]!.signal.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(200));
    expect(server.calls).toHaveLength(2);
    await act(async () => server.calls[0]!.resolve());
    await act(async () => server.calls[1]!.resolve());
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Billing']);
  });

  it('says when nothing matches, and when loading failed', async () => {
    const user = setupUser();
    const server = fakeServer();
    const onLoadError = vi.fn();
    render(<ComboBox label="Company" loader={server.loader} onLoadError={onLoadError} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.type(input, 'zzz');
    await act(async () => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    await act(async () => server.calls[0]!.resolve());
    expect(screen.getByText('No matches')).toBeInTheDocument();
    await user.type(input, 'z');
    await act(async () => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    await act(async () => server.calls[1]!.reject(new Error('503')));
    expect(screen.getByText('Could not load the options')).toBeInTheDocument();
    expect(onLoadError).toHaveBeenCalledOnce();
  });

  it('picks an option with the keyboard and reports its id', async () => {
    const user = setupUser();
    const server = fakeServer();
    const onChange = vi.fn();
    render(<ComboBox label="Company" loader={server.loader} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.type(input, 'glo');
    await act(async () => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    await act(async () => server.calls[0]!.resolve());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(2);
    expect(input).toHaveValue('Globex Water');
  });
});

describe('ComboBox with a fixed list', () => {
  it('filters as the user types, without a server', async () => {
    const user = setupUser();
    render(<ComboBox label="Company" items={COMPANIES} />);
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'acme');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme Utilities', 'Acme Billing']);
  });

  it('links its error message', () => {
    render(<ComboBox label="Company" items={COMPANIES} errorMessage="Pick a company from the list." />);
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveAccessibleDescription('Pick a company from the list.');
  });
});
