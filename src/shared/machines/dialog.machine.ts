import { assertEvent, assign, createActor, emit, fromPromise, setup } from 'xstate';
import { DIALOG_CANCEL_COLOR, DIALOG_CONFIRM_COLOR, DIALOG_DEFAULT_POSITION, DIALOG_TEXTS, SESSION_EXPIRED_DIALOG } from '@contracts/common/constants';

export type DialogKind = 'alert' | 'confirm' | 'prompt';
export type DialogPosition = 'center' | 'top' | 'bottom' | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';
export type DialogInputType = 'text' | 'email' | 'url' | 'number';

/** What a machine or a view asks for. Only `kind` and `title` are required. */
export type DialogRequest = {
  kind: DialogKind;
  title: string;
  message?: string;
  /** Button texts; defaults OK, No and Cancel (spec 2.7). */
  confirmText?: string;
  denyText?: string;
  cancelText?: string;
  /** Shows the 'No' button (confirm dialogs). */
  showDeny?: boolean;
  /** Shows the 'Cancel' button; default true for confirm and prompt, false for alert. */
  showCancel?: boolean;
  /** Default blue and red (spec 9). */
  confirmColor?: string;
  cancelColor?: string;
  /** Default center (spec 9). */
  position?: DialogPosition;
  /** Closes the dialog with the answer 'timer' after this many milliseconds; no timer unless set. */
  timerMs?: number;
  /** False: no close on outside click or Escape (the client "Session Expired" dialog). Default true. */
  dismissable?: boolean;
  /** Prompt dialogs: the input. */
  input?: {
    type?: DialogInputType;
    label?: string;
    placeholder?: string;
    value?: string;
    required?: boolean;
    /** Returns a message when the value is not acceptable. */
    validate?: (value: string) => string | null;
  };
};

export type DialogAction = 'confirm' | 'deny' | 'cancel' | 'dismiss' | 'timer';
export type DialogAnswer = { action: DialogAction; value?: string };

type Open = DialogRequest & { id: number };

export type DialogContext = { current: Open | null; queue: Open[]; value: string; error: string | null; nextId: number };

export type DialogEvent =
  | { type: 'dialog.open'; request: DialogRequest; id?: number }
  | { type: 'dialog.input'; value: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.deny' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.dismiss' };

export type DialogEmitted = { type: 'dialog.closed'; id: number; answer: DialogAnswer };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message an input value earns, or null when it is acceptable (spec 5: default messages). */
export function validateDialogInput(input: DialogRequest['input'], value: string): string | null {
  if (!input) return null;
  if (input.validate) return input.validate(value);
  if (value === '' && !input.required) return null;
  if (input.type === 'email' && !EMAIL.test(value)) return DIALOG_TEXTS.invalidEmail;
  if (input.type === 'url') {
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return DIALOG_TEXTS.invalidUrl;
    } catch {
      return DIALOG_TEXTS.invalidUrl;
    }
  }
  return null;
}

/** A request with every default filled in: what the dialog host renders. */
export function withDefaults(request: DialogRequest): Required<Omit<DialogRequest, 'message' | 'input' | 'timerMs'>> & DialogRequest {
  return {
    ...request,
    confirmText: request.confirmText ?? DIALOG_TEXTS.ok,
    denyText: request.denyText ?? DIALOG_TEXTS.no,
    cancelText: request.cancelText ?? DIALOG_TEXTS.cancel,
    showDeny: request.showDeny ?? false,
    showCancel: request.showCancel ?? request.kind !== 'alert',
    confirmColor: request.confirmColor ?? DIALOG_CONFIRM_COLOR,
    cancelColor: request.cancelColor ?? DIALOG_CANCEL_COLOR,
    position: request.position ?? DIALOG_DEFAULT_POSITION,
    dismissable: request.dismissable ?? true,
  };
}

function closedEvent(context: DialogContext, action: DialogAction): DialogEmitted {
  const current = context.current!;
  return { type: 'dialog.closed', id: current.id, answer: action === 'confirm' && current.kind === 'prompt' ? { action, value: context.value } : { action } };
}

export const dialogMachine = setup({
  types: {
    context: {} as DialogContext,
    events: {} as DialogEvent,
    emitted: {} as DialogEmitted,
  },
  delays: { DIALOG_TIMER: ({ context }) => context.current?.timerMs ?? 0 },
  guards: {
    hasTimer: ({ context }) => (context.current?.timerMs ?? 0) > 0,
    isDismissable: ({ context }) => context.current?.dismissable !== false,
    isValid: ({ context }) => context.current?.kind !== 'prompt' || validateDialogInput(context.current.input, context.value) === null,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'dialog.open');
      const id = event.id ?? context.nextId;
      return { queue: [...context.queue, { ...event.request, id }], nextId: Math.max(context.nextId, id) + 1 };
    }),
    showNext: assign(({ context }) => {
      const [next, ...queue] = context.queue;
      return { current: next ?? null, queue, value: next?.input?.value ?? '', error: null };
    }),
    answerConfirm: emit(({ context }) => closedEvent(context, 'confirm')),
    answerDeny: emit(({ context }) => closedEvent(context, 'deny')),
    answerCancel: emit(({ context }) => closedEvent(context, 'cancel')),
    answerDismiss: emit(({ context }) => closedEvent(context, 'dismiss')),
    answerTimer: emit(({ context }) => closedEvent(context, 'timer')),
  },
}).createMachine({
  id: 'dialog',
  description: 'The dialog service: one dialog at a time, later requests wait in a queue; each answer goes back to who asked.',
  context: { current: null, queue: [], value: '', error: null, nextId: 1 },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog is shown.',
      on: { 'dialog.open': { target: 'open', actions: ['enqueue', 'showNext'] } },
    },
    open: {
      description: 'A dialog is shown; focus is trapped inside it and restored when it closes.',
      tags: ['open'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Waiting for an answer; a dialog with a timer closes itself when it runs out.',
          after: { DIALOG_TIMER: { guard: 'hasTimer', target: '#dialog.closing', actions: 'answerTimer' } },
        },
      },
      on: {
        'dialog.open': { actions: 'enqueue', description: 'Another request waits until this dialog closes.' },
        'dialog.input': {
          actions: assign({
            value: ({ event }) => event.value,
            error: ({ context, event }) => validateDialogInput(context.current?.input, event.value),
          }),
        },
        'dialog.confirm': [
          { guard: 'isValid', target: 'closing', actions: 'answerConfirm' },
          {
            description: 'An invalid input keeps the dialog open and shows why.',
            actions: assign({ error: ({ context }) => validateDialogInput(context.current?.input, context.value) ?? null }),
          },
        ],
        'dialog.deny': { target: 'closing', actions: 'answerDeny' },
        'dialog.cancel': { target: 'closing', actions: 'answerCancel' },
        'dialog.dismiss': {
          guard: 'isDismissable',
          target: 'closing',
          description: 'Escape or a click outside closes it, unless the dialog is non-dismissable.',
          actions: 'answerDismiss',
        },
      },
    },
    closing: {
      description: 'The answer is sent; the next queued request opens, if any.',
      always: [
        { guard: 'hasQueued', target: 'open', actions: 'showNext' },
        { target: 'closed', actions: assign({ current: null, value: '', error: null }) },
      ],
    },
  },
});

/** The dialog service: one running dialog actor and `ask`, which resolves with the answer. */
export function createDialogService() {
  const actor = createActor(dialogMachine).start();
  let nextId = 1;
  return {
    actor,
    /** Opens a dialog (queued behind an open one) and resolves with the answer. */
    ask(request: DialogRequest): Promise<DialogAnswer> {
      const id = nextId++ + 1_000_000;
      return new Promise((resolve) => {
        const sub = actor.on('dialog.closed', (e) => {
          if (e.id !== id) return;
          sub.unsubscribe();
          resolve(e.answer);
        });
        actor.send({ type: 'dialog.open', request, id });
      });
    },
  };
}

export type DialogService = ReturnType<typeof createDialogService>;

/** The app's dialog service; a DialogHost mounted once per app renders it. */
export const dialogService = createDialogService();

/**
 * The actor a machine invokes to ask a question: `invoke: { src: 'askDialog', input: request,
 * onDone: ... }` with `event.output` the answer. Tests swap it with `.provide`.
 */
export const askDialog = fromPromise<DialogAnswer, DialogRequest>(({ input }) => dialogService.ask(input));

/** The client portal's 401 dialog (spec 8): one 'Log In' button, no close on outside click or Escape. */
export const sessionExpiredDialog: DialogRequest = {
  kind: 'alert',
  title: SESSION_EXPIRED_DIALOG.title,
  message: SESSION_EXPIRED_DIALOG.message,
  confirmText: SESSION_EXPIRED_DIALOG.button,
  dismissable: false,
};
