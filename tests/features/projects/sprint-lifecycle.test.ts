/** A sprint's lifecycle machine on its own: it calls the projects API itself and says each step through the notifier. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { computeBurndown, type SprintView } from '@contracts/projects';
import { sprintLifecycleMachine } from '@/features/projects/machines/sprint-lifecycle.machine';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { flush } from '@tests/support/controllable';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
let recorder = recordingNotifier();
let restore: () => void = () => undefined;
beforeEach(() => {
  recorder = recordingNotifier();
  restore = provideNotifier(recorder);
});
afterEach(() => restore());

const viewAs = (status: SprintView['sprint']['status']): SprintView => ({
  sprint: {
    id: 9, project_id: 5, project_name: 'Meter rollout', name: 'Sprint 1', goal: '', start_date: '2026-01-05', end_date: '2026-01-09',
    status, committed_points: 9, done_points: 3, task_count: 3, started_at: null, closed_at: null, spillover_points: null,
  },
  tasks: [],
  burndown: computeBurndown({ start_date: '2026-01-05', end_date: '2026-01-09', committed: 9, events: [], until: '2026-01-09T17:00:00Z' }),
  next_sprints: [],
});
const until = async (done: () => boolean) => {
  for (let i = 0; i < 50 && !done(); i++) await flush();
};

describe('the sprint lifecycle machine', () => {
  it('starts and closes the sprint through the projects API, and says each step', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/v2/sprints/9/start', () => {
        calls.push('start');
        return HttpResponse.json(viewAs('active'));
      }),
      http.post('*/api/v2/sprints/9/close', async ({ request }) => {
        calls.push(`close ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(viewAs('closed'));
      }),
    );
    const actor = createActor(sprintLifecycleMachine, { input: { sprintId: 9, status: 'planned' } }).start();
    actor.send({ type: 'start' });
    await until(() => actor.getSnapshot().matches('active'));
    expect(actor.getSnapshot().context.view?.sprint.status).toBe('active');
    actor.send({ type: 'close.open' });
    actor.send({ type: 'close.confirm', input: { unfinished: 'backlog' } });
    await until(() => actor.getSnapshot().matches('closed'));
    expect(calls).toEqual(['start', 'close {"unfinished":"backlog"}']);
    expect(recorder.notices).toEqual([
      { tone: 'success', title: 'Sprint started' },
      { tone: 'success', title: 'Sprint closed' },
    ]);
  });

  it("tells the sprint's query to load again once the sprint started and once it closed, and not after a refusal", async () => {
    let refuse = true;
    server.use(
      http.post('*/api/v2/sprints/9/start', () =>
        refuse ? HttpResponse.json({ error: { code: 'conflict', message: 'Sprint One is still active; close it first' } }, { status: 409 }) : HttpResponse.json(viewAs('active')),
      ),
      http.post('*/api/v2/sprints/9/close', () => HttpResponse.json(viewAs('closed'))),
    );
    const told: string[] = [];
    const query = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => told.push(e.type)))).start();
    const actor = createActor(sprintLifecycleMachine, { input: { sprintId: 9, status: 'planned', reloads: query } }).start();
    actor.send({ type: 'start' });
    await until(() => actor.getSnapshot().context.error !== null);
    expect(actor.getSnapshot().context.error).toMatch(/still active/);
    expect(told).toEqual([]);
    refuse = false;
    actor.send({ type: 'start' });
    await until(() => actor.getSnapshot().matches('active'));
    expect(told).toEqual(['query.reload']);
    actor.send({ type: 'close.open' });
    actor.send({ type: 'close.confirm', input: { unfinished: 'backlog' } });
    await until(() => actor.getSnapshot().matches('closed'));
    expect(told).toEqual(['query.reload', 'query.reload']);
    query.stop();
  });
});
