/**
 * The toast service: "Saved" and "Could not save" messages that appear in a corner and go away.
 * A plain module with no React, so a machine action can call `toast.success('Ticket saved')`;
 * `<ToastRegion />` (mounted once) shows the queue and announces each message to screen readers.
 *
 * At most `maxVisible` toasts show at once, newest last; more wait their turn. The same message again
 * (same tone, title and description) while its toast is shown or waiting does not stack a second
 * toast: the one there counts it (×2, ×3) and its timer starts afresh. A toast closes after
 * its timeout (success and info 5 s, warning 8 s; errors stay until closed so a failure is read);
 * while the pointer is over the region or focus is inside it, every timer pauses and then resumes
 * with the time that was left.
 */

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export type ToastOptions = {
  description?: string;
  /** Milliseconds before it closes by itself; null: stays until closed. */
  timeoutMs?: number | null;
  /** One action ("Undo", "Retry"); pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
};

export type ToastInput = ToastOptions & { title: string; tone?: ToastTone };

export type Toast = {
  id: string;
  title: string;
  tone: ToastTone;
  description?: string;
  timeoutMs: number | null;
  action?: { label: string; onAction: () => void };
  /** How many times the message was raised while this toast was there (1 the first time). */
  count: number;
};

export const DEFAULT_TIMEOUTS: Record<ToastTone, number | null> = { success: 5000, info: 5000, warning: 8000, error: null };

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};

export type ToastQueueOptions = { maxVisible?: number; timers?: Timers };

export type ToastQueue = {
  add(input: ToastInput): string;
  close(id: string): void;
  clear(): void;
  /** Stops every running timer (pointer over, or focus inside, the region). */
  pause(): void;
  resume(): void;
  /** The toasts on screen, oldest first; a new array after every change. */
  visible(): readonly Toast[];
  /** Waiting for a free place. */
  pending(): readonly Toast[];
  subscribe(listener: () => void): () => void;
};

type Timer = { handle: unknown; startedAt: number; remaining: number };

export function createToastQueue({ maxVisible = 3, timers }: ToastQueueOptions = {}): ToastQueue {
  const clock: Timers = timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  };
  let shown: readonly Toast[] = [];
  let waiting: readonly Toast[] = [];
  let paused = false;
  let nextId = 1;
  const running = new Map<string, Timer>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const start = (toast: Toast, ms: number) => {
    const handle = clock.setTimeout(() => queue.close(toast.id), ms);
    running.set(toast.id, { handle, startedAt: clock.now(), remaining: ms });
  };

  const promote = () => {
    while (shown.length < maxVisible && waiting.length) {
      const [next, ...rest] = waiting;
      waiting = rest;
      shown = [...shown, next!];
      if (next!.timeoutMs !== null) {
        if (paused) running.set(next!.id, { handle: undefined, startedAt: 0, remaining: next!.timeoutMs });
        else start(next!, next!.timeoutMs);
      }
    }
  };

  /** The toast already saying this message, shown or waiting. */
  const sameAs = (tone: ToastTone, input: ToastInput) =>
    [...shown, ...waiting].find((t) => t.tone === tone && t.title === input.title && t.description === input.description && !t.action && !input.action);

  const counted = (list: readonly Toast[], id: string) => list.map((t) => (t.id === id ? { ...t, count: t.count + 1 } : t));

  const queue: ToastQueue = {
    add(input) {
      const tone = input.tone ?? 'info';
      const repeat = sameAs(tone, input);
      if (repeat) {
        shown = counted(shown, repeat.id);
        waiting = counted(waiting, repeat.id);
        const timer = running.get(repeat.id);
        if (timer && repeat.timeoutMs !== null) {
          clock.clearTimeout(timer.handle);
          if (paused) running.set(repeat.id, { handle: undefined, startedAt: 0, remaining: repeat.timeoutMs });
          else start(repeat, repeat.timeoutMs);
        }
        emit();
        return repeat.id;
      }
      const toast: Toast = {
        id: `toast-${nextId++}`,
        title: input.title,
        tone,
        description: input.description,
        timeoutMs: input.timeoutMs === undefined ? DEFAULT_TIMEOUTS[tone] : input.timeoutMs,
        action: input.action,
        count: 1,
      };
      waiting = [...waiting, toast];
      promote();
      emit();
      return toast.id;
    },
    close(id) {
      const timer = running.get(id);
      if (timer) clock.clearTimeout(timer.handle);
      running.delete(id);
      const before = shown.length + waiting.length;
      shown = shown.filter((t) => t.id !== id);
      waiting = waiting.filter((t) => t.id !== id);
      if (shown.length + waiting.length === before) return;
      promote();
      emit();
    },
    clear() {
      running.forEach((t) => clock.clearTimeout(t.handle));
      running.clear();
      shown = [];
      waiting = [];
      emit();
    },
    pause() {
      if (paused) return;
      paused = true;
      const now = clock.now();
      running.forEach((timer) => {
        clock.clearTimeout(timer.handle);
        timer.remaining = Math.max(0, timer.remaining - (now - timer.startedAt));
        timer.handle = undefined;
      });
    },
    resume() {
      if (!paused) return;
      paused = false;
      for (const [id, timer] of [...running]) {
        const toast = shown.find((t) => t.id === id);
        if (toast) start(toast, timer.remaining);
      }
    },
    visible: () => shown,
    pending: () => waiting,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return queue;
}

/** The app's one queue. */
export const toastQueue = createToastQueue();

/** Shortcuts for the app's queue: `toast.success('Ticket saved')`, `toast.error('Could not save', { description })`. */
export const toast = {
  show: (input: ToastInput) => toastQueue.add(input),
  success: (title: string, options: ToastOptions = {}) => toastQueue.add({ ...options, title, tone: 'success' }),
  error: (title: string, options: ToastOptions = {}) => toastQueue.add({ ...options, title, tone: 'error' }),
  info: (title: string, options: ToastOptions = {}) => toastQueue.add({ ...options, title, tone: 'info' }),
  warning: (title: string, options: ToastOptions = {}) => toastQueue.add({ ...options, title, tone: 'warning' }),
  close: (id: string) => toastQueue.close(id),
};
