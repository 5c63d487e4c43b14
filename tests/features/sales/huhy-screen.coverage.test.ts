import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import type { PendingHuhyAnswer } from '@contracts/sales';
import { machineRegistry } from '@/app/machine-registry';
import { huhyScreenMachine, savedText, selectReviewing, type HuhyScreenContext } from '@/features/sales/machines/huhy-screen.machine';
import type { SubmitContext } from '@/shared/machines/submit.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'huhy-screen')!;
const mallory: PendingHuhyAnswer = {
  id: 41, createdAt: '2026-11-20T09:00:00Z', company: 'acme utilities', companyId: null, name: 'Mallory', email: 'mallory@example.test', channel: 'Search engine', detail: '', status: 'pending',
  match: { id: 1, name: 'Acme Utilities', status: 'active' },
};

describeMachinePaths(entry, {
  events: [{ type: 'review.open', answer: mallory }, { type: 'review.close' }, { type: 'review.saved', result: { companyId: 1 } }],
  check: (snapshot) => {
    // The review's form runs exactly while its dialog is open, for the answer it opened with.
    expect(Boolean(snapshot.children.review)).toBe(snapshot.matches('reviewing'));
    expect((snapshot.context as HuhyScreenContext).reviewing !== null).toBe(snapshot.matches('reviewing'));
  },
});

describe('the public answers screen', () => {
  it('opens the review of an answer with a form of its own, closes it once saved and loads the answers again', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = createActor(huhyScreenMachine.provide({ actors: { answers: recorder(told, 'answers') as never } })).start();
    screen.send({ type: 'review.open', answer: mallory });
    expect(selectReviewing(screen.getSnapshot())).toEqual(mallory);
    const form = screen.getSnapshot().children.review as AnyActorRef;
    // The form says what the review did, in the answer's words.
    const { notices } = form.getSnapshot().context as SubmitContext<unknown>;
    const saved = notices.saved as unknown as (r: unknown, s: unknown) => string;
    expect(saved({ companyId: 1 }, { id: 41, action: 'confirm', input: { companyId: 1 } })).toBe('Answer from Mallory added to Acme Utilities');
    screen.send({ type: 'review.saved', result: { companyId: 1 } });
    expect(selectReviewing(screen.getSnapshot())).toBeNull();
    expect(form.getSnapshot().status).toBe('stopped');
    expect(told.map(([, type]) => type)).toEqual(['started', 'query.reload']);
  });

  it('closes the review on Cancel without loading anything again', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = createActor(huhyScreenMachine.provide({ actors: { answers: recorder(told, 'answers') as never } })).start();
    screen.send({ type: 'review.open', answer: mallory });
    screen.send({ type: 'review.close' });
    expect(screen.getSnapshot().value).toBe('browsing');
    expect(screen.getSnapshot().children.review).toBeUndefined();
    expect(told.map(([, type]) => type)).toEqual(['started']);
  });

  it('words what a review did', () => {
    expect(savedText({ id: 41, action: 'discard' }, mallory)).toBe('Answer from Mallory discarded');
    expect(savedText({ id: 41, action: 'confirm', input: { companyId: null } }, mallory)).toBe('acme utilities added as a prospect');
    expect(savedText({ id: 41, action: 'confirm', input: { companyId: 2 } }, mallory)).toBe('Answer from Mallory confirmed');
  });
});
