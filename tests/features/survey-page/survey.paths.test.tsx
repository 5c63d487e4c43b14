/**
 * Path tests generated from the survey machine (xstate/graph), for the three kinds of link, a
 * malformed link, the link check's answers (valid, answered before, not valid, no answer) and both
 * submit semantics. Each path is replayed against the machine, then against the rendered page with
 * msw answering GET /api/survey-keys/{key} and POST /api/submitsurvey (success, failure, and slow
 * replies held open while the page is checked).
 */
import { act, render, screen, waitFor as waitForDom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  SURVEY_TEXT_MAX,
  SURVEY_THANK_YOU_TITLE,
  SURVEY_TITLE_CLIENT_CARE,
  SURVEY_TITLE_SUPPORT,
  surveyFailureAlert,
} from '@contracts/common/constants';
import { surveyMachine, type SurveyEvent, type SurveyInput } from '@/features/survey-page/machines/survey.machine';
import type { SurveyPayload } from '@/features/survey-page/api';
import { ANSWERED_BEFORE, CHECKING_LINK, FACE_LABELS, INVALID_LINK, SURVEY_TAB_TITLES } from '@/features/survey-page/screens/questions';
import type { SurveyKeyStatus, SurveyTypeCode } from '@contracts/survey-form';
import { formatDate } from '@/shared/ui/tokens/format';
import { SurveyApp } from '@/features/survey-page/screens/SurveyPage';
import { itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';
import { machineRegistry } from '@/app/machine-registry';

type Snap = SnapshotFrom<typeof surveyMachine>;
type AnyEvent = SurveyEvent | { type: string; [k: string]: unknown };

const PHONE = '1-800-555-0177';
const TEXT = 'Quick answer';
const KEY = 'survey-key';
const CHECK_FAILS = { type: 'xstate.error.actor.checkKey', error: new Error('HTTP 429') };
/** The paths of a link whose check gets no answer: the survey still opens and saves (few events, few paths). */
const WHEN_CHECK_FAILS: AnyEvent[] = [
  CHECK_FAILS,
  { type: 'survey.submit' },
  { type: 'xstate.done.actor.submitSupport', output: undefined },
  { type: 'xstate.done.actor.deliverClientCare', output: undefined },
];

const ANSWERED_AT = '2026-11-20T09:30:00Z';
const CHECKS: SurveyKeyStatus[] = [
  { valid: true, answered: false, answeredAt: null },
  { valid: true, answered: true, answeredAt: ANSWERED_AT },
  { valid: false, answered: false, answeredAt: null },
];
const ACTOR_IDS = ['submitSupport', 'deliverClientCare'];
const EVENTS: AnyEvent[] = [
  { type: 'survey.rate', value: 5 },
  { type: 'survey.recommend', value: 10 },
  { type: 'survey.write', question: 'Q4', text: TEXT },
  { type: 'survey.submit' },
  { type: 'survey.alertDismissed' },
  ...CHECKS.map((output) => ({ type: 'xstate.done.actor.checkKey', output })),
  ...ACTOR_IDS.flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: undefined },
    { type: `xstate.error.actor.${id}`, error: new Error('HTTP 500') },
  ]),
];

/** What a respondent can see: the state, the alert, whether it was answered before, and what was answered. */
const serialize = (s: Snap) =>
  JSON.stringify([s.value, s.context.alert !== null, s.context.answeredAt, s.context.rating, s.context.recommend, s.context.texts.Q4 ?? '']);

const KINDS = [
  { kind: -1, ticket: KEY, events: EVENTS, label: 'thank-you link (kind -1)' },
  { kind: 1, ticket: KEY, events: EVENTS, label: 'support survey (kind 1)' },
  { kind: 0, ticket: KEY, events: EVENTS, label: 'client care survey (kind 0)' },
  { kind: 0, ticket: 'not a key', events: EVENTS, label: 'malformed link' },
  { kind: 1, ticket: KEY, events: WHEN_CHECK_FAILS, label: 'support survey, link check unanswered' },
  { kind: 0, ticket: KEY, events: WHEN_CHECK_FAILS, label: 'client care survey, link check unanswered' },
];

function pathsFor(kind: number, ticket: string, events: AnyEvent[]) {
  const input: SurveyInput = { kind, ticket, supportPhone: PHONE };
  const options = { input, events: events as SurveyEvent[], serializeState: (s: unknown) => serialize(s as Snap) };
  const shortest = getShortestPaths(surveyMachine, options);
  // Dismissing the alert leads back to a state already reached, so no shortest path takes it:
  // every path that ends on the alert is extended with the paths from there that dismiss it.
  const dismissed = shortest.flatMap((p) =>
    p.state.context.alert
      ? getShortestPaths(surveyMachine, { ...options, fromState: p.state, events: [{ type: 'survey.alertDismissed' }] })
          .filter((d) => d.steps.length > 1)
          .map((d) => ({ ...d, steps: [...p.steps, ...d.steps.slice(1)] }))
      : [],
  );
  return { input, paths: [...shortest, ...dismissed] };
}

const describePath = (steps: { event: AnyEvent }[]) =>
  steps.map((s) => s.event.type.replace('xstate.', '').replace('.actor', '')).join(' → ') || '(start)';

const ALL = KINDS.map(({ kind, ticket, events, label }) => ({ kind, label, ...pathsFor(kind, ticket, events) }));

/**
 * The rendered page replays only the paths no other path extends: every step of a replay checks
 * the page, so the shorter paths' states are checked on the way (and the suite stays quick).
 */
const isPrefix = (a: { steps: { event: AnyEvent }[] }, b: { steps: { event: AnyEvent }[] }) =>
  a.steps.length < b.steps.length && a.steps.every((s, i) => JSON.stringify(s.event) === JSON.stringify(b.steps[i]!.event));
const LEAVES = ALL.map((k) => ({ ...k, paths: k.paths.filter((p) => !k.paths.some((q) => isPrefix(p, q))) }));

describe('generated survey paths', () => {
  it('cover every event type the machine handles, both submit semantics and all three kinds', () => {
    const covered = new Set<string>(ALL.flatMap((k) => k.paths.flatMap((p) => p.steps.map((s) => s.event.type as string))));
    const handled = (surveyMachine.root.events as string[]).filter((e) => !e.startsWith('xstate.done.state'));
    expect(handled.filter((e) => !covered.has(e))).toEqual([]);
    const ends = ALL.map((k) => k.paths.map((p) => JSON.stringify(p.state.value)));
    expect(ends[0]).toEqual([JSON.stringify({ submitted: 'settled' })]);
    expect(ends[1]).toContain(JSON.stringify({ notSubmitted: 'sending' }));
    expect(ends[1]).toContain(JSON.stringify('invalidLink'));
    expect(ends[2]).toContain(JSON.stringify({ submitted: 'delivering' }));
    expect(ends[2]).toContain(JSON.stringify('invalidLink'));
    expect(ends[2]).not.toContain(JSON.stringify({ notSubmitted: 'sending' }));
    // A malformed link is not valid at once: nothing else is reachable.
    expect(ends[3]).toEqual([JSON.stringify('invalidLink')]);
    // A key answered before reaches the form, which can be sent again.
    expect(ALL[1]!.paths.some((p) => p.state.context.answeredAt === ANSWERED_AT && p.state.matches('submitted'))).toBe(true);
  });
});

const isCheck = (e: AnyEvent) => e.type.endsWith('.actor.checkKey');
function isDone(e: AnyEvent) {
  return e.type.startsWith('xstate.done.actor.') && !isCheck(e);
}
function isError(e: AnyEvent) {
  return e.type.startsWith('xstate.error.actor.') && !isCheck(e);
}

describe.each(ALL)('$label: replayed against the machine', ({ input, paths }) => {
  it.each(paths.map((p) => [describePath(p.steps), p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pending: { resolve: () => void; reject: (e: unknown) => void }[] = [];
    const checks: { resolve: (s: SurveyKeyStatus) => void; reject: (e: unknown) => void }[] = [];
    const logic = surveyMachine.provide({
      actors: {
        submitSurvey: fromPromise<void, SurveyPayload>(() => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }))),
        checkKey: fromPromise<SurveyKeyStatus, { key: string; type: SurveyTypeCode }>(
          () => new Promise<SurveyKeyStatus>((resolve, reject) => checks.push({ resolve, reject })),
        ),
      },
    });
    const actor = createActor(logic, { input });
    recordCoverage(actor);
    actor.start();
    for (const step of path.steps) {
      if (isCheck(step.event) && step.event.type.startsWith('xstate.done')) checks.shift()!.resolve((step.event as unknown as { output: SurveyKeyStatus }).output);
      else if (isCheck(step.event)) checks.shift()!.reject(new Error('HTTP 429'));
      else if (isDone(step.event)) pending.shift()!.resolve();
      else if (isError(step.event)) pending.shift()!.reject(new Error('HTTP 500'));
      else actor.send(step.event as SurveyEvent);
      const want = serialize(step.state as Snap);
      await waitFor(actor, (s) => serialize(s) === want, { timeout: 1000 });
    }
    expect(serialize(actor.getSnapshot())).toBe(serialize(path.state as Snap));
    vi.restoreAllMocks();
  });
});

// ---- the rendered page, with msw ----

type Held = { body: SurveyPayload; headers: Headers; reply: (status: number) => void };
const held: Held[] = [];
type HeldCheck = { url: URL; reply: (status: SurveyKeyStatus | null) => void };
const heldChecks: HeldCheck[] = [];
const server = setupServer(
  http.get('/api/survey-keys/:key', async ({ request }) => {
    // Held until the path's next step says what the server answers (null: HTTP 429).
    const status = await new Promise<SurveyKeyStatus | null>((resolve) => heldChecks.push({ url: new URL(request.url), reply: resolve }));
    return status ? HttpResponse.json(status) : HttpResponse.json({ error: { code: 'rate_limited' } }, { status: 429 });
  }),
  http.post('/api/submitsurvey', async ({ request }) => {
    const body = (await request.json()) as SurveyPayload;
    // The reply is held until the path's next step says how it ends: a slow reply.
    const status = await new Promise<number>((resolve) => held.push({ body, headers: request.headers, reply: resolve }));
    return status === 0 ? HttpResponse.error() : HttpResponse.json({ ok: true }, { status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  held.length = 0;
  heldChecks.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Checks that the page shows what the machine state says. */
function expectPage(s: Snap) {
  const alert = screen.queryByRole('alertdialog');
  if (s.context.alert) {
    expect(alert).toHaveTextContent(surveyFailureAlert(PHONE));
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  } else {
    expect(alert).toBeNull();
  }
  if (s.matches('checking') || s.matches('opening')) {
    expect(screen.getByRole('status')).toHaveTextContent(CHECKING_LINK);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(document.title).toBe(SURVEY_TAB_TITLES.checking);
    return;
  }
  if (s.matches('invalidLink')) {
    expect(screen.getByRole('heading', { level: 1, name: INVALID_LINK.title })).toBeVisible();
    expect(screen.getByText(INVALID_LINK.text)).toBeVisible();
    expect(screen.getByText(INVALID_LINK.phone(PHONE))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(document.title).toBe(SURVEY_TAB_TITLES.invalid);
    return;
  }
  if (s.matches('submitted')) {
    expect(document.title).toBe(SURVEY_TAB_TITLES.thanks);
    expect(screen.getByRole('heading', { level: 1, name: SURVEY_THANK_YOU_TITLE })).toBeVisible();
    expect(screen.getByText('You may now exit this web page.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    return;
  }
  const title = s.context.type === 'CSS' ? SURVEY_TITLE_CLIENT_CARE : SURVEY_TITLE_SUPPORT;
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(document.title).toBe(s.context.type === 'CSS' ? SURVEY_TAB_TITLES.clientCare : SURVEY_TAB_TITLES.support);
  const notice = ANSWERED_BEFORE(formatDate(ANSWERED_AT));
  if (s.context.answeredAt) expect(screen.getByRole('status')).toHaveTextContent(notice);
  else expect(screen.queryByText(notice)).toBeNull();
  const save = screen.getByRole('button', { name: 'Save' });
  if (s.hasTag('busy')) expect(save).toBeDisabled();
  else expect(save).toBeEnabled();
  expect(screen.getByRole('radio', { name: FACE_LABELS[s.context.rating - 1] })).toBeChecked();
  if (s.context.type === 'CSS') expect(screen.getByRole('radio', { name: String(s.context.recommend) })).toBeChecked();
  else expect(screen.queryByRole('radio', { name: '10' })).toBeNull();
  const q4 = screen.getByRole('textbox', { name: s.context.type === 'CSS' ? 'How could we improve your experience?' : 'What could we have done better?' });
  expect(q4).toHaveValue(s.context.texts.Q4 ?? '');
  const counter = document.getElementById(q4.getAttribute('aria-describedby') ?? '');
  expect(counter).toHaveTextContent(`${(s.context.texts.Q4 ?? '').length} / ${SURVEY_TEXT_MAX} characters`);
}

describe.each(LEAVES)('$label: replayed against the rendered page with msw', ({ input, paths }) => {
  it.each(paths.map((p) => [describePath(p.steps), p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<SurveyApp input={input} />);
    expectPage(path.steps[0]?.state ?? path.state);
    let answered = 0;
    let checked = 0;
    for (const step of path.steps.slice(1)) {
      const e = step.event;
      if (isCheck(e)) {
        await waitForDom(() => expect(heldChecks.length).toBeGreaterThan(checked));
        const request = heldChecks[checked++]!;
        expect(request.url.pathname).toBe(`/api/survey-keys/${KEY}`);
        expect(request.url.searchParams.get('type')).toBe((step.state as Snap).context.type);
        await act(async () => request.reply(e.type.startsWith('xstate.done') ? (e as unknown as { output: SurveyKeyStatus }).output : null));
      } else if (isDone(e) || isError(e)) {
        await waitForDom(() => expect(held.length).toBeGreaterThan(answered));
        const request = held[answered++]!;
        expect(request.headers.get('x-requested-with')).toBe('XMLHttpRequest');
        expect(request.headers.get('accept')).toBe('application/json');
        expect(request.body).toMatchObject({ ticket: KEY, type: (step.state as Snap).context.type });
        await act(async () => request.reply(isDone(e) ? 201 : 500));
      } else if (e.type === 'survey.rate') {
        await user.click(screen.getByRole('radio', { name: FACE_LABELS[(e as { value: number }).value - 1] }));
      } else if (e.type === 'survey.recommend') {
        await user.click(screen.getByRole('radio', { name: String((e as { value: number }).value) }));
      } else if (e.type === 'survey.write') {
        const box = screen.getAllByRole('textbox').find((t) => t.getAttribute('name') === 'Q4')!;
        await user.clear(box);
        await user.type(box, TEXT);
      } else if (e.type === 'survey.submit') {
        await user.click(screen.getByRole('button', { name: 'Save' }));
      } else if (e.type === 'survey.alertDismissed') {
        await user.click(screen.getByRole('button', { name: 'OK' }));
      }
      await waitForDom(() => expectPage(step.state as Snap));
    }
    expectPage(path.state as Snap);
    // A malformed link never asks the server.
    if (input.ticket !== KEY) expect(heldChecks).toEqual([]);
  });
});

describe('survey path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'survey')!);
});
