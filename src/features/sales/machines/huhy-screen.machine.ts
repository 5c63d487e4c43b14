/**
 * The answers of the public form (/sales/huhy) as a statechart (docs/adr/0107): the answers' query
 * is its child, and so is the review of one answer while its dialog is open (`submitChild`). A
 * review saved (confirmed or discarded) closes the dialog and the answers load again; the review
 * says what it did (`savedText`).
 */
import { assign, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PendingHuhyAnswer } from '@contracts/sales';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { huhyMachine, huhyReviewMachine, type HuhyReview } from './sales.machines';

/** What a review says once saved. */
export function savedText(review: HuhyReview, answer: PendingHuhyAnswer): string {
  if (review.action === 'discard') return `Answer from ${answer.name} discarded`;
  if (review.input.companyId === null) return `${answer.company} added as a prospect`;
  if (answer.match && answer.match.id === review.input.companyId) return `Answer from ${answer.name} added to ${answer.match.name}`;
  return `Answer from ${answer.name} confirmed`;
}

export type HuhyScreenContext = {
  /** The answer whose review is open (in `reviewing`). */
  reviewing: PendingHuhyAnswer | null;
};
export type HuhyScreenEvent =
  | { type: 'review.open'; answer: PendingHuhyAnswer }
  | { type: 'review.close' }
  | { type: 'review.saved'; result: unknown }
  | ({ type: 'review.failed' } & SubmitFailure);

export const huhyScreenMachine = setup({
  types: { context: {} as HuhyScreenContext, events: {} as HuhyScreenEvent },
  actors: {
    answers: huhyMachine,
    review: submitChild(huhyReviewMachine, { saved: 'review.saved', failed: 'review.failed' }),
  },
}).createMachine({
  id: 'huhyScreen',
  description: 'Answers of the public form and the channels they name; an answer waiting for review is confirmed to a company, as a new prospect, or discarded.',
  context: { reviewing: null },
  entry: spawnChild('answers', { id: 'answers', systemId: 'huhyScreen.answers', input: { query: null } }),
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The answers and the chart; no review is open.',
      on: {
        'review.open': { target: 'reviewing', actions: assign({ reviewing: ({ event }) => event.answer }), description: 'A rep opens the review of an answer waiting for it.' },
      },
    },
    reviewing: {
      description: 'The review of one answer: where it belongs, or discard it.',
      entry: spawnChild('review', {
        id: 'review',
        input: ({ context }) => {
          const answer = context.reviewing!;
          return { notices: { saved: (_: unknown, sent: HuhyReview) => savedText(sent, answer) } };
        },
      }),
      exit: [stopChild('review'), assign({ reviewing: null })],
      on: {
        'review.close': { target: 'browsing', description: 'Cancel, Escape or the close button: nothing is saved.' },
        'review.saved': { target: 'browsing', actions: sendTo('answers', { type: 'query.reload' as const }), description: 'Confirmed or discarded: the dialog closes and the answers load again.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof huhyScreenMachine>;
export const selectAnswers = (s: Snapshot) => s.children.answers as ActorRefFrom<typeof huhyMachine>;
export const selectReview = (s: Snapshot) => s.children.review as ActorRefFrom<typeof huhyReviewMachine> | undefined;
export const selectReviewing = (s: Snapshot) => (s.matches('reviewing') ? s.context.reviewing : null);
