import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { surveyFailureAlert, SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { submissionOf, surveyMachine, type SurveyInput } from '@/features/survey-page/machines/survey.machine';
import type { SurveyPayload } from '@/features/survey-page/api';

const PHONE = '1-800-555-0142';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(kind: number, ticket = 'key-123') {
  const calls: SurveyPayload[] = [];
  const replies: ReturnType<typeof deferred>[] = [];
  const logic = surveyMachine.provide({
    actors: {
      submitSurvey: fromPromise<void, SurveyPayload>(({ input }) => {
        calls.push(input);
        const d = deferred();
        replies.push(d);
        return d.promise;
      }),
    },
  });
  const input: SurveyInput = { kind, ticket, supportPhone: PHONE };
  const actor = createActor(logic, { input }).start();
  return { actor, calls, replies };
}

afterEach(() => vi.restoreAllMocks());

describe('survey machine', () => {
  it('starts as the thank-you view for kind -1 and sends nothing', () => {
    const { actor, calls } = start(-1);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    actor.send({ type: 'survey.submit' });
    expect(calls).toHaveLength(0);
  });

  it('opens the support survey for kind 1 and the client care survey for any other kind', () => {
    expect(start(1).actor.getSnapshot().context.type).toBe('TCS');
    for (const kind of [0, 2, 7, Number.NaN, -2]) expect(start(kind).actor.getSnapshot().context.type).toBe('CSS');
  });

  it('defaults Q1 to 3 and Q2 to 5 and sends empty texts', () => {
    const { actor } = start(0);
    expect(submissionOf(actor.getSnapshot().context)).toEqual({
      type: 'CSS', ticket: 'key-123', Q1: 3, Q2: 5, Q3: '', Q4: '', Q5: '', Q6: '', Q7: '', Q8: '',
    });
    expect(submissionOf(start(1).actor.getSnapshot().context)).toEqual({ type: 'TCS', ticket: 'key-123', Q1: 3, Q2: '', Q3: '', Q4: '' });
  });

  it('takes ratings in range only, Q2 only in client care, and texts of the survey only', () => {
    const { actor } = start(1);
    actor.send({ type: 'survey.rate', value: 5 });
    actor.send({ type: 'survey.rate', value: 6 });
    actor.send({ type: 'survey.rate', value: 0 });
    actor.send({ type: 'survey.recommend', value: 9 });
    actor.send({ type: 'survey.write', question: 'Q2', text: 'Fast' });
    actor.send({ type: 'survey.write', question: 'Q8', text: 'not a support question' });
    expect(submissionOf(actor.getSnapshot().context)).toEqual({ type: 'TCS', ticket: 'key-123', Q1: 5, Q2: 'Fast', Q3: '', Q4: '' });
    const css = start(0).actor;
    css.send({ type: 'survey.recommend', value: 10 });
    css.send({ type: 'survey.recommend', value: 11 });
    css.send({ type: 'survey.recommend', value: 2.5 });
    expect(css.getSnapshot().context.recommend).toBe(10);
  });

  it('cuts free text at 1500 characters', () => {
    const { actor } = start(0);
    actor.send({ type: 'survey.write', question: 'Q3', text: 'x'.repeat(SURVEY_TEXT_MAX + 20) });
    expect(actor.getSnapshot().context.texts.Q3).toHaveLength(SURVEY_TEXT_MAX);
  });

  it('client care becomes submitted as soon as the request is sent, before any reply', () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'survey.rate', value: 4 });
    actor.send({ type: 'survey.submit' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: 'CSS', Q1: 4 });
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
  });

  it('client care stays submitted when the request fails, and logs and alerts with the support phone', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, replies } = start(0);
    actor.send({ type: 'survey.submit' });
    const failure = new Error('offline');
    replies[0]!.reject(failure);
    await waitFor(actor, (s) => s.context.alert !== null);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    expect(actor.getSnapshot().context.alert).toBe(surveyFailureAlert(PHONE));
    expect(actor.getSnapshot().context.alert).toBe(
      `There was an issue submitting your survey. Please try again, or contact Diversified Support at ${PHONE} Option 1 M-F 8:00am to 5:00pm.`,
    );
    expect(log).toHaveBeenCalledWith('Survey submission failed', failure);
    actor.send({ type: 'survey.alertDismissed' });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it('support waits for the reply: busy while sending, submitted after success', async () => {
    const { actor, replies } = start(1);
    actor.send({ type: 'survey.submit' });
    expect(actor.getSnapshot().matches({ notSubmitted: 'sending' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'survey.submit' });
    expect(replies).toHaveLength(1);
    replies[0]!.resolve();
    await waitFor(actor, (s) => s.matches('submitted'));
  });

  it('support stays on the form with its answers after a failure, alerts, and can try again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, replies, calls } = start(1);
    actor.send({ type: 'survey.write', question: 'Q4', text: 'Call back sooner' });
    actor.send({ type: 'survey.submit' });
    replies[0]!.reject(new Error('HTTP 500'));
    await waitFor(actor, (s) => s.matches({ notSubmitted: 'editing' }) && s.context.alert !== null);
    expect(log).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.texts.Q4).toBe('Call back sooner');
    actor.send({ type: 'survey.alertDismissed' });
    actor.send({ type: 'survey.submit' });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ Q4: 'Call back sooner' });
    replies[1]!.resolve();
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(actor.getSnapshot().context.alert).toBeNull();
  });
});
