/**
 * My PTO (/certification-pto-dashboard): the balance, ledger and requests loaded, and the leave
 * request form. The form is checked against the PTO form's contract before it is sent (the
 * server's words beside each field); a request goes to the approval engine; a refusal (beyond the
 * balance, no working day) keeps what was typed with the reason beside the field; once sent the
 * form empties and the balance is read again, the new request counted as pending.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RequestView } from '@contracts/approvals';
import { ptoPayloadSchema, type MyPto, type PtoPayload } from '@contracts/people-schedule';
import { notifyActions } from '@/shared/machines/notify';
import { failureOf, problemsOf } from '@/shared/machines/submit.machine';
import { scheduleApi } from '../schedule-api';

export type PtoFields = { from: string; to: string; unit: 'days' | 'hours'; hours: string; note: string };
export type PtoField = keyof PtoFields;
export type PtoRequestContext = { data: MyPto | null; loadError: string | null; fields: PtoFields; errors: Record<string, string>; error: string | null };
export type PtoRequestEvent = { type: 'pto.field'; field: PtoField; value: string } | { type: 'pto.submit' } | { type: 'pto.retry' } | { type: 'pto.clear' };

const EMPTY: PtoFields = { from: '', to: '', unit: 'days', hours: '', note: '' };
const FAILED_KEY = 'ptoRequest';

/** The payload the form sends: a one-day request in hours takes its last day from the first. */
export function payloadOf(f: PtoFields): PtoPayload {
  const hours = f.unit === 'hours' ? (f.hours.trim() === '' ? Number.NaN : Number(f.hours)) : undefined;
  return { from: f.from, to: f.unit === 'hours' ? f.from : f.to, unit: f.unit, ...(hours === undefined ? {} : { hours }), ...(f.note.trim() ? { note: f.note } : {}) };
}

export const ptoRequestMachine = setup({
  types: { context: {} as PtoRequestContext, events: {} as PtoRequestEvent },
  actors: {
    loadMine: fromPromise<MyPto, null>(() => scheduleApi.myPto()),
    sendRequest: fromPromise<RequestView, PtoPayload>(({ input }) => scheduleApi.requestPto(input)),
  },
  actions: { ...notifyActions },
  guards: {
    hasProblems: ({ context }) => Object.keys(problemsOf(ptoPayloadSchema, payloadOf(context.fields))).length > 0,
  },
}).createMachine({
  id: 'ptoRequest',
  description: 'My PTO: the balance loaded, and a leave request checked, sent to the approval engine and counted as pending.',
  context: { data: null, loadError: null, fields: EMPTY, errors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The balance, ledger, requests and certifications are read.',
      tags: ['loading'],
      invoke: {
        src: 'loadMine',
        input: () => null,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, loadError: null }), description: 'Loaded.' },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => failureOf(event.error, false).error }), description: 'Not loaded: the reason and Retry show.' },
      },
    },
    failed: { description: 'The balance could not be read.', on: { 'pto.retry': { target: 'loading', description: 'Retry pressed.' } } },
    ready: {
      description: 'The dashboard and the request form.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The form is filled in.',
          on: {
            'pto.field': {
              actions: assign(({ context, event }) => ({
                fields: { ...context.fields, [event.field]: event.value },
                errors: Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field)),
                error: null,
              })),
              description: 'A field changed; its problem clears.',
            },
            'pto.clear': { actions: assign({ fields: EMPTY, errors: {}, error: null }), description: 'Clear pressed.' },
            'pto.submit': [
              { guard: 'hasProblems', actions: assign({ errors: ({ context }) => problemsOf(ptoPayloadSchema, payloadOf(context.fields)) }), description: 'A problem: shown beside its field, nothing sent.' },
              { target: 'sending', description: 'Request pressed with a form the contract takes.' },
            ],
          },
        },
        sending: {
          description: 'Sending the request; the button is busy.',
          tags: ['busy'],
          entry: { type: 'dismissNotice', params: { key: FAILED_KEY } },
          invoke: {
            src: 'sendRequest',
            input: ({ context }) => payloadOf(context.fields),
            onDone: {
              target: '#ptoRequest.loading',
              actions: [assign({ fields: EMPTY, errors: {}, error: null }), { type: 'notify', params: { tone: 'success', title: 'Time off requested', description: 'Your manager decides in Approvals.' } }],
              description: 'Sent: the form empties and the balance is read again.',
            },
            onError: {
              target: 'editing',
              actions: [
                assign(({ event }) => {
                  const f = failureOf(event.error, true);
                  return { errors: f.fieldErrors, error: f.error };
                }),
                { type: 'notify', params: { tone: 'error', title: 'Time off was not requested', key: FAILED_KEY } },
              ],
              description: 'Refused (beyond the balance, no working day) or not sent: what was typed stays, with the reason.',
            },
          },
        },
      },
    },
  },
});
