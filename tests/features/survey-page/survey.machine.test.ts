import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { surveyFailureAlert, SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { submissionOf, surveyMachine, type SurveyInput } from '@/features/survey-page/machines/survey.machine';
import type { SurveyPayload } from '@/features/survey-page/api';
import type { SurveyKeyStatus, SurveyTypeCode } from '@contracts/survey-form';

const PHONE = '1-800-555-0142';
const VALID: SurveyKeyStatus = { valid: true, answered: false, answeredAt: null };

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A started survey, past its link check (the key is valid and unanswered) unless kind is -1. */
async function start(kind: number, ticket = 'key-123') {
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
      checkKey: fromPromise<SurveyKeyStatus, { key: string; type: SurveyTypeCode }>(async () => VALID),
    },
  });
  const input: SurveyInput = { kind, ticket, supportPhone: PHONE };
  const actor = createActor(logic, { input }).start();
  await waitFor(actor, (s) => !s.matches('checking') && !s.matches('opening'));
  return { actor, calls, replies };
}

afterEach(() => vi.restoreAllMocks());

describe('survey machine', () => {
  it('starts as the thank-you view for kind -1 and sends nothing', async () => {
    const { actor, calls } = await start(-1);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    actor.send({ type: 'survey.submit' });
    expect(calls).toHaveLength(0);
  });

  it('opens the support survey for kind 1 and the client care survey for any other kind', async () => {
    expect((await start(1)).actor.getSnapshot().context.type).toBe('TCS');
    for (const kind of [0, 2, 7, Number.NaN, -2]) expect((await start(kind)).actor.getSnapshot().context.type).toBe('CSS');
  });

  it('defaults Q1 to 3 and Q2 to 5 and sends empty texts', async () => {
    const { actor } = await start(0);
    expect(submissionOf(actor.getSnapshot().context)).toEqual({
      type: 'CSS', ticket: 'key-123', Q1: 3, Q2: 5, Q3: '', Q4: '', Q5: '', Q6: '', Q7: '', Q8: '',
    });
    expect(submissionOf((await start(1)).actor.getSnapshot().context)).toEqual({ type: 'TCS', ticket: 'key-123', Q1: 3, Q2: '', Q3: '', Q4: '' });
  });

  it('takes ratings in range only, Q2 only in client care, and texts of the survey only', async () => {
    const { actor } = await start(1);
    actor.send({ type: 'survey.rate', value: 5 });
    actor.send({ type: 'survey.rate', value: 6 });
    actor.send({ type: 'survey.rate', value: 0 });
    actor.send({ type: 'survey.recommend', value: 9 });
    actor.send({ type: 'survey.write', question: 'Q2', text: 'Fast' });
    actor.send({ type: 'survey.write', question: 'Q8', text: 'not a support question' });
    expect(submissionOf(actor.getSnapshot().context)).toEqual({ type: 'TCS', ticket: 'key-123', Q1: 5, Q2: 'Fast', Q3: '', Q4: '' });
    const css = (await start(0)).actor;
    css.send({ type: 'survey.recommend', value: 10 });
    css.send({ type: 'survey.recommend', value: 11 });
    css.send({ type: 'survey.recommend', value: 2.5 });
    expect(css.getSnapshot().context.recommend).toBe(10);
  });

  it('cuts free text at 1500 characters', async () => {
    const { actor } = await start(0);
    actor.send({ type: 'survey.write', question: 'Q3', text: 'x'.repeat(SURVEY_TEXT_MAX + 20) });
    expect(actor.getSnapshot().context.texts.Q3).toHaveLength(SURVEY_TEXT_MAX);
  });

  it('client care becomes submitted as soon as the request is sent, before any reply', async () => {
    const { actor, calls } = await start(0);
    actor.send({ type: 'survey.rate', value: 4 });
    actor.send({ type: 'survey.submit' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: 'CSS', Q1: 4 });
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
  });

  it('client care stays submitted when the request fails, and logs and alerts with the support phone', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, replies } = await start(0);
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
    const { actor, replies } = await start(1);
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
    const { actor, replies, calls } = await start(1);
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

describe('survey machine: the link check on open', () => {
  function opening(kind: number, ticket: string, check: (key: string, type: string) => Promise<SurveyKeyStatus>) {
    const checked: { key: string; type: string }[] = [];
    const logic = surveyMachine.provide({
      actors: {
        checkKey: fromPromise<SurveyKeyStatus, { key: string; type: SurveyTypeCode }>(({ input }) => {
          checked.push(input);
          return check(input.key, input.type);
        }),
      },
    });
    return { actor: createActor(logic, { input: { kind, ticket, supportPhone: PHONE } }).start(), checked };
  }

  it('checks the key with the survey type of the kind, showing nothing to answer until it is known', async () => {
    let answer!: (s: SurveyKeyStatus) => void;
    const { actor, checked } = opening(1, 'key-abc', () => new Promise((resolve) => (answer = resolve)));
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(checked).toEqual([{ key: 'key-abc', type: 'TCS' }]);
    actor.send({ type: 'survey.rate', value: 5 });
    actor.send({ type: 'survey.submit' });
    answer(VALID);
    await waitFor(actor, (s) => s.matches({ notSubmitted: 'editing' }));
    expect(actor.getSnapshot().context.rating).toBe(3);
    expect(actor.getSnapshot().context.answeredAt).toBeNull();
    expect(opening(0, 'key-abc', async () => VALID).checked).toEqual([{ key: 'key-abc', type: 'CSS' }]);
  });

  it('goes to the invalid-link page when the server knows no such key, and stays there', async () => {
    const { actor } = opening(0, 'key-abc', async () => ({ valid: false, answered: false, answeredAt: null }));
    await waitFor(actor, (s) => s.matches('invalidLink'));
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to the invalid-link page at once, without asking, for a key that can never be one', () => {
    for (const ticket of ['', 'has space', 'a/b', 'x'.repeat(65), '<script>']) {
      const { actor, checked } = opening(0, ticket, async () => VALID);
      expect(actor.getSnapshot().matches('invalidLink')).toBe(true);
      expect(checked).toEqual([]);
    }
  });

  it('remembers when a key was answered before; the form is the same and may be sent again', async () => {
    const at = '2026-11-20T09:30:00Z';
    const { actor } = opening(1, 'key-abc', async () => ({ valid: true, answered: true, answeredAt: at }));
    await waitFor(actor, (s) => s.matches({ notSubmitted: 'editing' }));
    expect(actor.getSnapshot().context.answeredAt).toBe(at);
  });

  it('shows the survey when the check cannot be made (offline, rate limited), warning in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('HTTP 429');
    const { actor } = opening(0, 'key-abc', async () => Promise.reject(failure));
    await waitFor(actor, (s) => s.matches({ notSubmitted: 'editing' }));
    expect(warn).toHaveBeenCalledWith('Survey link check failed; showing the survey', failure);
    expect(actor.getSnapshot().context.answeredAt).toBeNull();
  });
});
