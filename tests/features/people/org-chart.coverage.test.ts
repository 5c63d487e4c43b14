import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrgPerson } from '@contracts/people';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'org-chart')!;

const person = (id: number, name: string, managerId: number | null): OrgPerson => ({ id, name, title: null, department: null, managerId, status: [], avatarVersion: null });
const PEOPLE = [person(1, 'Morgan Lead', null), person(2, 'Avery Agent', 1), person(3, 'Casey Tech', 2)];
const MOVED = [person(1, 'Morgan Lead', null), person(2, 'Avery Agent', 1), person(3, 'Casey Tech', 1)];

type Snap = { context: { people: OrgPerson[]; expanded: number[]; focused: number | null; changing: number | null; managerId: number | null; error: string | null } };

describeMachinePaths(entry, {
  inputs: { default: () => ({ people: PEOPLE, view: 'chart' }) },
  events: [
    { type: 'org.search', text: 'cas' },
    { type: 'org.focus', id: 3 },
    { type: 'org.focus', id: 99 },
    { type: 'org.pick', id: 3 },
    { type: 'org.view', view: 'chart' },
    { type: 'org.view', view: 'list' },
    { type: 'org.expand', ids: [1] },
    { type: 'org.change.open', id: 3 },
    { type: 'org.change.open', id: 99 },
    { type: 'org.change.pick', managerId: 1 },
    { type: 'org.change.cancel' },
    { type: 'org.change.save' },
  ],
  outputs: { saveManager: [{ people: MOVED }] },
  errors: { saveManager: [new ApiError(409, 'conflict', 'Casey Tech cannot report to someone who reports to them')] },
  serializeState: (s) => {
    const { context } = s as unknown as Snap;
    return JSON.stringify([(s as unknown as { value: unknown }).value, context.people === MOVED, context.focused, context.changing, context.managerId, context.error]);
  },
  check: (snapshot) => {
    const { context } = snapshot as unknown as Snap;
    if (snapshot.matches({ changing: 'saving' })) expect(snapshot.hasTag('busy')).toBe(true);
    // Only a person of the chart is focused or changed.
    expect([null, 3]).toContain(context.focused);
    expect(['chart', 'list']).toContain((context as unknown as { view: string }).view);
    if (snapshot.matches('changing')) expect(context.changing).toBe(3);
    if (snapshot.matches('browsing')) expect(context.changing).toBeNull();
    if (snapshot.matches({ changing: 'editing' }) && context.error) expect(context.error).toBe('Casey Tech cannot report to someone who reports to them');
  },
});

describe('org chart machine', () => {
  it('focusing a person opens everyone above them, and a save shows the chart the server answers', async () => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    const before = notices.notices.length;
    let answer: (chart: { people: OrgPerson[] }) => void = () => undefined;
    const actor = createActor(entry.machine.provide({ actors: { saveManager: fromPromise(() => new Promise((resolve) => (answer = resolve))) } }), { input: { people: PEOPLE, view: 'chart' } });
    actor.start();
    expect(actor.getSnapshot().context.expanded).toEqual([1]);
    actor.send({ type: 'org.expand', ids: [] });
    actor.send({ type: 'org.focus', id: 3 });
    expect(actor.getSnapshot().context.expanded.sort()).toEqual([1, 2]);
    actor.send({ type: 'org.expand', ids: [] });
    actor.send({ type: 'org.pick', id: 2 });
    // A node clicked on the drawn chart: the list shows, the person focused and their manager open.
    expect(actor.getSnapshot().context).toMatchObject({ view: 'list', focused: 2, expanded: [1] });
    actor.send({ type: 'org.change.open', id: 3 });
    expect(actor.getSnapshot().context.managerId).toBe(2);
    actor.send({ type: 'org.change.pick', managerId: 1 });
    actor.send({ type: 'org.change.save' });
    answer({ people: MOVED });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.people).toBe(MOVED);
    expect(notices.notices.slice(before)).toEqual([{ tone: 'success', title: 'Reporting line changed' }]);
    restore();
    actor.stop();
  });
});
