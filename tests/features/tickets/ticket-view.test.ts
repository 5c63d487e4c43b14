import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { TicketView } from '@contracts/tickets';
import { selectAssignees, ticketViewMachine, type TicketSave } from '@/features/tickets/machines/ticket-view.machine';
import { ApiError } from '@/shared/http/http';
import { fileDownloadMachine, type DownloadTarget } from '@/shared/machines/file-download.machine';
import { queueAssigneesMachine } from '@/features/tickets/queue-assignees';
import { controllable, flush } from '@tests/support/controllable';
import { expectAllEventsUsed, replay, itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';
import { machineRegistry } from '@/app/machine-registry';

const view = (id: number, body?: string): TicketView =>
  ({
    ticket: { id, title: 'Printer down', status: 'A' } as TicketView['ticket'],
    attachments: [],
    thread: body ? [{ id: 1, kind: 'note', body, internal: false, minutes_spent: 0, change: null, author_name: 'Avery Agent', author_type: 'staff', created_at: '2030-01-01T00:00:00Z', attachments: [] }] : [],
    time: { entries: [], total_minutes: 0, billable_minutes: 0 },
    surveys: { sent_at: null, responses: [] },
  }) as TicketView;

function start() {
  const load = controllable<TicketView, number>('load');
  const save = controllable<TicketView, TicketSave>('save');
  // Downloads never settle here (tests/features/tickets/ticket-attachments.test.ts covers them).
  const downloads = fileDownloadMachine.provide({ actors: { fetch: fromPromise<Blob, DownloadTarget>(() => new Promise(() => {})) } });
  // The queues whose assignees were asked for (the Assignee picker's rule); the answers never come here.
  const queuesAsked: unknown[] = [];
  const assignees = queueAssigneesMachine.provide({ actors: { load: fromPromise(({ input }) => (queuesAsked.push(input), new Promise<never>(() => {}))) } });
  const actor = createActor(ticketViewMachine.provide({ actors: { load: load.logic, save: save.logic, downloads, assignees } }), { input: { id: 7, me: 2 } });
  recordCoverage(actor);
  actor.start();
  return { actor, load, save, queuesAsked };
}

const apiError = (message: string, fields?: Record<string, string>) => new ApiError(400, 'invalid_input', message, fields);

describe('ticket view machine', () => {
  it('loads the ticket, then saves a note and shows the answered ticket', async () => {
    const { actor, load, save } = start();
    expect(load.calls[0]!.input).toBe(7);
    load.resolve(view(7));
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'ticket.addNote', input: { body: 'On it', internal: false, minutes: 5 } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.calls[0]!.input).toEqual({ id: 7, kind: 'note', input: { body: 'On it', internal: false, minutes: 5 } });
    save.resolve(view(7, 'On it'));
    await flush();
    expect(actor.getSnapshot().context.data!.thread.map((n) => n.body)).toEqual(['On it']);
    expect(actor.getSnapshot().context.saved).toBe(1);
  });

  it('keeps the ticket and names the fields when a save fails', async () => {
    const { actor, load, save } = start();
    load.resolve(view(7));
    await flush();
    actor.send({ type: 'ticket.change', input: { status: 'WOC' } });
    expect(save.calls[0]!.input.kind).toBe('change');
    save.reject(apiError('Invalid body: duedate (Due date must be a date)', { duedate: 'Due date must be a date' }));
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('ready')).toBe(true);
    expect(s.context.data!.ticket.id).toBe(7);
    // The reason is said beside its field only; the message for integrators is not a summary.
    expect(s.context.saveError).toBeNull();
    expect(s.context.failedForm).toBe('change');
    expect(s.context.fieldErrors).toEqual({ duedate: 'Due date must be a date' });
    expect(s.context.saved).toBe(0);
  });

  it('sends time entries as their own kind of save', async () => {
    const { actor, load, save } = start();
    load.resolve(view(7));
    await flush();
    actor.send({ type: 'ticket.addTime', input: { minutes: 30 } });
    expect(save.calls[0]!.input).toEqual({ id: 7, kind: 'time', input: { minutes: 30 } });
  });

  it('sends the support survey as its own kind of save, and shows the ticket it answers', async () => {
    const { actor, load, save } = start();
    load.resolve(view(7));
    await flush();
    actor.send({ type: 'ticket.sendSurvey' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.calls[0]!.input).toEqual({ id: 7, kind: 'survey' });
    save.resolve({ ...view(7), surveys: { sent_at: '2030-01-02T00:00:00Z', responses: [] } });
    await flush();
    expect(actor.getSnapshot().context.data!.surveys.sent_at).toBe('2030-01-02T00:00:00Z');
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('"a" assigns the ticket to the signed-in user through the change save, and does nothing when they hold it', async () => {
    const { actor, load, save } = start();
    load.resolve(view(7));
    await flush();
    actor.send({ type: 'ticket.assignToMe' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.calls[0]!.input).toEqual({ id: 7, kind: 'change', input: { assignee_id: 2 } });
    save.resolve({ ...view(7), ticket: { ...view(7).ticket, assignee_id: 2 } });
    await flush();
    actor.send({ type: 'ticket.assignToMe' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(save.calls).toHaveLength(0);
  });

  it('asks who may take the ticket in its queue once it loads, and again when a change moves it to another queue', async () => {
    const { actor, load, save, queuesAsked } = start();
    const inQueue = (queue: string): TicketView => ({ ...view(7), ticket: { ...view(7).ticket, queue } as TicketView['ticket'] });
    load.resolve(inQueue('Support'));
    await flush();
    expect(queuesAsked).toEqual(['Support']);
    // A save that leaves the queue as it was asks nothing again.
    actor.send({ type: 'ticket.addTime', input: { minutes: 30 } });
    save.resolve(inQueue('Support'));
    await flush();
    expect(queuesAsked).toEqual(['Support']);
    actor.send({ type: 'ticket.change', input: { queue: 'Programming' } });
    save.resolve(inQueue('Programming'));
    await flush();
    expect(queuesAsked).toEqual(['Support', 'Programming']);
    expect(selectAssignees(actor.getSnapshot())?.getSnapshot().context.query).toBe('Programming');
  });

  it('"s" asks the view to put the keyboard in the Status field', async () => {
    const { actor, load } = start();
    load.resolve(view(7));
    await flush();
    const asked: unknown[] = [];
    actor.on('ticket.focus', (e) => asked.push(e));
    actor.send({ type: 'ticket.pickStatus' });
    expect(asked).toEqual([{ type: 'ticket.focus', field: 'status' }]);
  });

  describe('generated paths', () => {
    const events = [
      { type: 'xstate.done.actor.load', output: view(7) },
      { type: 'xstate.error.actor.load', error: new Error('down') },
      { type: 'xstate.done.actor.save', output: view(7, 'Saved') },
      { type: 'xstate.error.actor.save', error: new Error('down') },
      { type: 'ticket.reload' },
      { type: 'ticket.addNote', input: { body: 'x' } },
      { type: 'ticket.change', input: { status: 'C' } },
      { type: 'ticket.addTime', input: { minutes: 1 } },
      // What each form's schema refuses: nothing is sent.
      { type: 'ticket.addNote', input: { body: '' } },
      { type: 'ticket.change', input: {} },
      { type: 'ticket.addTime', input: { minutes: 0 } },
      { type: 'ticket.fieldChange', form: 'time', field: 'minutes' },
      { type: 'ticket.sendSurvey' },
      { type: 'ticket.assignToMe' },
      { type: 'ticket.pickStatus' },
      { type: 'attachment.download', file: { id: 1, name: 'log.txt' } },
      { type: 'attachment.view', file: { id: 2, name: 'jam.png' } },
      { type: 'attachment.close' },
    ] as unknown as EventObject[];
    const paths = getShortestPaths(ticketViewMachine, { events: events as never, input: { id: 7, me: 2 }, serializeState: (s: { value: unknown }) => JSON.stringify(s.value) } as never);

    // Every event enabled at the end of every shortest path, one step further: every transition is replayed.
    type Step = { state: { value: unknown }; event: EventObject };
    const extended: { steps: Step[] }[] = paths.flatMap((p) =>
      events
        .filter((e) => p.state.can(e as never))
        .map((e) => ({ steps: [...(p.steps as unknown as Step[]), { state: getNextSnapshot(ticketViewMachine, p.state as never, e as never), event: e }] })),
    );

    it('reaches every state and uses every event', () => {
      const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      expect([...states].sort()).toEqual(['"failed"', '"loading"', '"ready"', '"saving"']);
      expectAllEventsUsed(extended, events);
    });

    for (const path of extended) {
      it(`replays ${path.steps.map((s) => s.event.type).join(' → ')}`, async () => {
        const { actor, load, save } = start();
        await replay(actor, path.steps as never, { load: load as never, save: save as never });
      });
    }
  });
});

describe('ticket-view path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'ticket-view')!);
});
