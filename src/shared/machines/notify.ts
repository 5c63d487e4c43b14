/**
 * The one way a machine tells the person what happened ("Sprint started", "Could not save"): the
 * named actions `notify` and `dismissNotice`, spread into a machine's `setup({ actions })` and used
 * as `{ type: 'notify', params: { tone: 'success', title: 'Sprint started' } }`. The app provides
 * how notices are shown once (`provideNotifier`, with the toast queue); machine and path tests
 * provide a recorder instead and assert what was said. Screens never toast on their own.
 */
export type NoticeTone = 'success' | 'error' | 'info' | 'warning';

export type Notice = {
  tone: NoticeTone;
  title: string;
  description?: string;
  /**
   * Notices with the same key replace each other (a save's failure, then its next failure), and
   * `dismissNotice` closes the one shown with the key (the failure, once the form is sent again).
   */
  key?: string;
};

export type Notifier = {
  show(notice: Notice): void;
  dismiss(key: string): void;
};

/** Notices raised before the app provided its notifier (the toasts load beside the first screen) wait here. */
const WAITING_MAX = 20;
const waiting: Notice[] = [];
const beforeProvided: Notifier = {
  show: (notice) => {
    if (waiting.length < WAITING_MAX) waiting.push(notice);
  },
  dismiss: (key) => {
    for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!.key === key) waiting.splice(i, 1);
  },
};
let current: Notifier = beforeProvided;

/**
 * Called once by the app (and by tests with a recorder): notices waiting are shown. Answers a
 * function that puts the previous notifier back.
 */
export function provideNotifier(notifier: Notifier): () => void {
  const previous = current;
  current = notifier;
  for (const notice of waiting.splice(0)) notifier.show(notice);
  return () => {
    current = previous;
  };
}

/**
 * Back to no notifier provided, nothing waiting: as a page starts. The browser-side test files
 * share a window (docs/adr/0265), and each leaves the notices as it found them.
 */
export function withdrawNotifier(): void {
  current = beforeProvided;
  waiting.length = 0;
}

/** The named actions of every machine that notifies. */
export const notifyActions = {
  notify: (_: unknown, notice: Notice) => current.show(notice),
  dismissNotice: (_: unknown, params: { key: string }) => current.dismiss(params.key),
};

/** A notifier that keeps what it was told (machine tests). */
export function recordingNotifier(): Notifier & { notices: Notice[]; dismissed: string[] } {
  const notices: Notice[] = [];
  const dismissed: string[] = [];
  return { notices, dismissed, show: (n) => notices.push(n), dismiss: (k) => dismissed.push(k) };
}
