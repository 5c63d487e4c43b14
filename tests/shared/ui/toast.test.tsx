import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue } from '@/shared/ui/components/toast/toast';
import { ToastRegion } from '@/shared/ui/components/toast/ToastRegion';
import { toastNotifier } from '@/shared/ui/components/toast/toast-notifier';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast queue (plain module)', () => {
  it('closes success and info after 5 s, warnings after 8 s, and keeps errors until closed', () => {
    const queue = createToastQueue();
    queue.add({ title: 'Saved', tone: 'success' });
    queue.add({ title: 'Weekend', tone: 'warning' });
    const error = queue.add({ title: 'Failed', tone: 'error' });
    expect(queue.visible().map((t) => t.title)).toEqual(['Saved', 'Weekend', 'Failed']);
    vi.advanceTimersByTime(4999);
    expect(queue.visible()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(queue.visible().map((t) => t.title)).toEqual(['Weekend', 'Failed']);
    vi.advanceTimersByTime(3000);
    expect(queue.visible().map((t) => t.title)).toEqual(['Failed']);
    vi.advanceTimersByTime(60_000);
    expect(queue.visible().map((t) => t.id)).toEqual([error]);
    queue.close(error);
    expect(queue.visible()).toEqual([]);
  });

  it('shows at most three; the next waits and starts its timer when it is shown', () => {
    const queue = createToastQueue({ maxVisible: 3 });
    ['one', 'two', 'three', 'four'].forEach((title) => queue.add({ title, tone: 'success' }));
    expect(queue.visible().map((t) => t.title)).toEqual(['one', 'two', 'three']);
    expect(queue.pending().map((t) => t.title)).toEqual(['four']);
    vi.advanceTimersByTime(5000);
    expect(queue.visible().map((t) => t.title)).toEqual(['four']);
    vi.advanceTimersByTime(4999);
    expect(queue.visible().map((t) => t.title)).toEqual(['four']);
    vi.advanceTimersByTime(1);
    expect(queue.visible()).toEqual([]);
  });

  it('pauses every timer and resumes with the time that was left', () => {
    const queue = createToastQueue();
    queue.add({ title: 'Saved', tone: 'success' });
    vi.advanceTimersByTime(3000);
    queue.pause();
    vi.advanceTimersByTime(60_000);
    expect(queue.visible()).toHaveLength(1);
    queue.resume();
    vi.advanceTimersByTime(1999);
    expect(queue.visible()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.visible()).toHaveLength(0);
  });

  it('notifies subscribers on every change', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    const id = queue.add({ title: 'Saved', tone: 'success' });
    queue.close(id);
    unsubscribe();
    queue.add({ title: 'Again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('<ToastRegion>', () => {
  it('announces success politely and errors assertively, and closes on the × button', () => {
    const queue = createToastQueue();
    const { container } = render(<ToastRegion queue={queue} />);
    const polite = container.querySelector('[aria-live="polite"]')!;
    const assertive = container.querySelector('[aria-live="assertive"]')!;
    expect(polite).toBeInTheDocument();
    act(() => void queue.add({ title: 'Ticket saved', tone: 'success' }));
    expect(polite).toHaveTextContent('Ticket saved');
    act(() => void queue.add({ title: 'Could not save', description: 'The server did not answer.', tone: 'error' }));
    expect(assertive).toHaveTextContent('Could not save. The server did not answer.');
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss: Could not save' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('dismisses by itself after the timeout, but not while hovered or focused', () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => void queue.add({ title: 'Ticket saved', tone: 'success' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerEnter(region);
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(region).getByText('Ticket saved')).toBeInTheDocument();
    fireEvent.pointerLeave(region);
    within(region).getByRole('button', { name: 'Dismiss: Ticket saved' }).focus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(region).getByText('Ticket saved')).toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('runs a toast action and closes the toast', () => {
    const queue = createToastQueue();
    const onAction = vi.fn();
    render(<ToastRegion queue={queue} />);
    act(() => void queue.add({ title: 'Survey sent', action: { label: 'Undo', onAction } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

describe('<ToastRegion> fed by machines’ notices', () => {
  it('shows at most three notices at once; the fourth waits its turn', () => {
    const queue = createToastQueue();
    const notifier = toastNotifier(queue);
    render(<ToastRegion queue={queue} />);
    act(() => ['Ticket saved', 'Note added', 'Time logged', 'Survey sent'].forEach((title) => notifier.show({ tone: 'success', title })));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Ticket saved'),
      expect.stringContaining('Note added'),
      expect.stringContaining('Time logged'),
    ]);
  });

  it('collapses the same notice raised twice into one toast that counts ×2', () => {
    const queue = createToastQueue();
    const notifier = toastNotifier(queue);
    render(<ToastRegion queue={queue} />);
    act(() => notifier.show({ tone: 'error', title: 'Could not save', description: 'The server did not answer.' }));
    act(() => notifier.show({ tone: 'error', title: 'Could not save', description: 'The server did not answer.' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText('×2')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('(2 times)');
    act(() => notifier.show({ tone: 'error', title: 'Could not save', description: 'The server did not answer.' }));
    expect(within(region).getByText('×3')).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss: Could not save' }));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('restarts a repeated notice’s timer, so the repeat is read in full', () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => void queue.add({ title: 'Saved', tone: 'success' }));
    act(() => vi.advanceTimersByTime(4000));
    act(() => void queue.add({ title: 'Saved', tone: 'success' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
