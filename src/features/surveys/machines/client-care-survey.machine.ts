/**
 * The client care survey of one company (the Survey tab of its page): a manager opens the send,
 * sees who will get it (the company's contacts with an email address, all ticked), unticks whom
 * they like and confirms; only the confirmed contacts are mailed. The recipients are a query child
 * (`recipients`, spawned while the manager chooses and stopped after, so it has no system id, as
 * docs/adr/0108 has it for short-lived children) and the send a submit child (`systemId`
 * `clientCareSurvey.send`); this machine keeps who is chosen, what the last send
 * answered, and says how each send ended (`notify`); a failure's notice closes when the survey is
 * sent again.
 */
import { assertEvent, assign, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ClientCareRecipient, SendSurveyResponse } from '@contracts/surveys';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { clientCareRecipientsMachine, sendClientCareSurveyMachine } from './send-survey.machine';

/** What the send says once done: how many contacts it went to. */
export const surveySentMessage = (r: SendSurveyResponse) =>
  r.queued === 0 ? 'Nothing was sent: no contact has an email address' : `Client care survey sent to ${r.queued} contact${r.queued === 1 ? '' : 's'}`;

/** Key of the failure notice: the next send closes it. */
const SURVEY_NOTICE = 'company.survey';

export type ClientCareSurveyContext = {
  companyId: number;
  /** The contacts the survey can go to, once loaded for the send being prepared. */
  recipients: ClientCareRecipient[] | null;
  /** The contacts ticked (all of them at first). */
  chosen: number[];
  /** Why the recipients could not be loaded. */
  recipientsError: string | null;
  /** The last send's answer, kept through a later failure. */
  result: SendSurveyResponse | null;
  error: string | null;
};

export type ClientCareSurveyEvent =
  // From the view
  | { type: 'survey.open' }
  | { type: 'survey.choose'; contactIds: number[] }
  | { type: 'survey.confirm' }
  | { type: 'survey.cancel' }
  | { type: 'recipients.retry' }
  // From the children
  | { type: 'recipients.loaded'; data: ClientCareRecipient[] }
  | { type: 'recipients.failed'; error: string }
  | { type: 'survey.sent'; result: SendSurveyResponse }
  | ({ type: 'survey.failed' } & SubmitFailure);

export const clientCareSurveyMachine = setup({
  types: { context: {} as ClientCareSurveyContext, events: {} as ClientCareSurveyEvent, input: {} as { companyId: number } },
  actors: {
    recipients: queryChild(clientCareRecipientsMachine, { loaded: 'recipients.loaded', failed: 'recipients.failed' }),
    send: submitChild(sendClientCareSurveyMachine, { saved: 'survey.sent', failed: 'survey.failed' }),
  },
  guards: {
    /** At least one contact is ticked. */
    hasChosen: ({ context }) => context.chosen.length > 0,
  },
  actions: {
    ...notifyActions,
    /** Only contacts of the list can be ticked. */
    choose: assign(({ context, event }) => {
      assertEvent(event, 'survey.choose');
      const listed = new Set((context.recipients ?? []).map((r) => r.id));
      return { chosen: [...new Set(event.contactIds)].filter((id) => listed.has(id)) };
    }),
  },
}).createMachine({
  id: 'clientCareSurvey',
  description: "The client care survey of a company: a manager confirms who gets it, and only they are mailed.",
  context: ({ input }) => ({ companyId: input.companyId, recipients: null, chosen: [], recipientsError: null, result: null, error: null }),
  entry: spawnChild('send', { id: 'send', systemId: 'clientCareSurvey.send', input: {} }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The send button is ready; the last answer or refusal is shown.',
      on: { 'survey.open': { target: 'choosing', description: 'The manager prepares a send: who will get it loads.' } },
    },
    choosing: {
      description: 'The dialog lists who will get the survey; the manager unticks whom they like, then confirms or cancels.',
      entry: [
        assign({ recipients: null, chosen: [], recipientsError: null }),
        spawnChild('recipients', { id: 'recipients', input: ({ context }) => ({ query: context.companyId }) }),
      ],
      exit: stopChild('recipients'),
      initial: 'loading',
      on: { 'survey.cancel': { target: 'idle', description: 'Closed without sending: nobody is mailed.' } },
      states: {
        loading: {
          description: "The company's contacts with an email address are loading.",
          tags: ['loading'],
          on: {
            'recipients.loaded': {
              target: 'ready',
              actions: assign({ recipients: ({ event }) => event.data, chosen: ({ event }) => event.data.map((r) => r.id) }),
              description: 'Everyone listed is ticked to begin with.',
            },
            'recipients.failed': { target: 'failed', actions: assign({ recipientsError: ({ event }) => event.error }) },
          },
        },
        ready: {
          description: 'The list is shown; ticks change who gets it.',
          on: {
            'survey.choose': { actions: 'choose' },
            'survey.confirm': {
              guard: 'hasChosen',
              target: '#clientCareSurvey.sending',
              actions: [
                assign({ error: null }),
                { type: 'dismissNotice', params: { key: SURVEY_NOTICE } },
                sendTo('send', ({ context }) => ({ type: 'form.submit', input: { companyId: context.companyId, contactIds: context.chosen } })),
              ],
              description: "Confirmed: the survey goes to the ticked contacts only; the last refusal's notice closes.",
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; the reason is shown with a retry.',
          on: { 'recipients.retry': { target: 'loading', actions: sendTo('recipients', { type: 'query.reload' }) } },
        },
      },
    },
    sending: {
      description: 'The survey is being sent; the button waits.',
      tags: ['busy'],
      on: {
        'survey.sent': {
          target: 'idle',
          actions: [assign({ result: ({ event }) => event.result, error: null }), { type: 'notify', params: ({ event }) => ({ tone: 'success', title: surveySentMessage(event.result) }) }],
          description: 'Sent: the tab says to how many contacts, and so does a notice.',
        },
        'survey.failed': {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The survey was not sent', description: event.error, key: SURVEY_NOTICE }) },
          ],
          description: 'Refused: the tab shows why, and a notice says it too.',
        },
      },
    },
  },
});

// Selectors: what the Survey tab reads.

export type ClientCareSurveyActor = ActorRefFrom<typeof clientCareSurveyMachine>;
type S = SnapshotFrom<typeof clientCareSurveyMachine>;
export const selectSurveyResult = (s: S) => s.context.result;
export const selectSurveyError = (s: S) => s.context.error;
export const selectSurveySending = (s: S) => s.matches('sending');
/** The recipients dialog is open. */
export const selectSurveyChoosing = (s: S) => s.matches('choosing');
/** Who the survey can go to (null while loading). */
export const selectRecipients = (s: S) => (s.matches('choosing') ? s.context.recipients : null);
export const selectChosen = (s: S) => s.context.chosen;
export const selectRecipientsError = (s: S) => (s.matches({ choosing: 'failed' }) ? s.context.recipientsError : null);
