/**
 * The client care survey of one company (the Survey tab of its page): a manager emails it to every
 * contact with an address. The send is a submit child (`systemId` `clientCareSurvey.send`); this
 * machine keeps what the last send answered and says how each one ended (`notify`); a failure's
 * notice closes when the survey is sent again.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SendSurveyResponse } from '@contracts/surveys';
import { notifyActions } from '@/shared/machines/notify';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { sendClientCareSurveyMachine } from './send-survey.machine';

/** What the send says once done: how many contacts it went to, or that none has an address. */
export const surveySentMessage = (r: SendSurveyResponse) =>
  r.queued === 0 ? 'Nothing was sent: no contact has an email address' : `Client care survey sent to ${r.queued} contact${r.queued === 1 ? '' : 's'}`;

/** Key of the failure notice: the next send closes it. */
const SURVEY_NOTICE = 'company.survey';

export type ClientCareSurveyContext = {
  companyId: number;
  /** The last send's answer, kept through a later failure. */
  result: SendSurveyResponse | null;
  error: string | null;
};

export type ClientCareSurveyEvent =
  // From the view
  | { type: 'survey.send' }
  // From the send child
  | { type: 'survey.sent'; result: SendSurveyResponse }
  | ({ type: 'survey.failed' } & SubmitFailure);

export const clientCareSurveyMachine = setup({
  types: { context: {} as ClientCareSurveyContext, events: {} as ClientCareSurveyEvent, input: {} as { companyId: number } },
  actors: { send: submitChild(sendClientCareSurveyMachine, { saved: 'survey.sent', failed: 'survey.failed' }) },
  actions: { ...notifyActions },
}).createMachine({
  id: 'clientCareSurvey',
  description: "The client care survey of a company: managers email it to the company's contacts.",
  context: ({ input }) => ({ companyId: input.companyId, result: null, error: null }),
  entry: spawnChild('send', { id: 'send', systemId: 'clientCareSurvey.send', input: {} }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The send button is ready; the last answer or refusal is shown.',
      on: {
        'survey.send': {
          target: 'sending',
          actions: [
            assign({ error: null }),
            { type: 'dismissNotice', params: { key: SURVEY_NOTICE } },
            sendTo('send', ({ context }) => ({ type: 'form.submit', input: context.companyId })),
          ],
          description: "The survey goes to the server; the last refusal's notice closes.",
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
