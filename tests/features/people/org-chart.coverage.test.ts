import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { OrgPerson } from '@contracts/people';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { chainOf } from '@/features/people/org-tree';

const entry = machineRegistry.find((m) => m.id === 'org-chart')!;

const person = (id: number, name: string, managerId: number | null): OrgPerson => ({ id, name, title: null, department: null, managerId, status: [], avatarVersion: null });
const PEOPLE = [person(1, 'Morgan Lead', null), person(2, 'Avery Agent', 1), person(3, 'Casey Tech', 2)];
const MOVED = [person(1, 'Morgan Lead', null), person(2, 'Avery Agent', 1), person(3, 'Casey Tech', 1)];
// More people than the chart draws at first: a head, 20 managers (3 among them), 220 technicians under them.
const LARGE = [
  person(1, 'Morgan Lead', null),
  ...Array.from({ length: 20 }, (_, i) => person(2 + i, `Manager ${i}`, 1)),
  ...Array.from({ length: 220 }, (_, i) => person(1000 + i, `Technician ${i}`, 2 + (i % 20))),
];

type Snap = { context: { people: OrgPerson[]; expanded: number[]; chartOpen: number[] | null; focused: number | null; changing: number | null; managerId: number | null; error: string | null } };

describeMachinePaths(entry, {
  inputs: { default: () => ({ people: PEOPLE, view: 'chart' }), large: () => ({ people: LARGE, view: 'chart' }) },
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
  // On the large organisation, only as far as a manager opened (and closed again) on the chart (the rest is walked on the small one).
  stopWhen: (s) => {
    const { context } = s as unknown as Snap;
    return context.chartOpen !== null && (context.chartOpen.length > 2 || context.focused !== null || context.changing !== null);
  },
  serializeState: (s) => {
    const { context } = s as unknown as Snap;
    return JSON.stringify([(s as unknown as { value: unknown }).value, context.people === MOVED, context.chartOpen, context.focused, context.changing, context.managerId, context.error]);
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
    // A small organisation is drawn whole; a large one with the people at the top open, and the focused person's chain.
    if (context.people.length <= 200) expect(context.chartOpen).toBeNull();
    else {
      expect(context.chartOpen).toContain(1);
      if (context.focused !== null) expect(context.chartOpen).toEqual(expect.arrayContaining(chainOf(context.people, context.focused).slice(1).map((p) => p.id)));
    }
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

  it('on a large organisation, a click on a manager drawn closed draws who reports to them, and a search opens the chain on the chart', () => {
    const actor = createActor(entry.machine, { input: { people: LARGE, view: 'chart' } });
    actor.start();
    expect(actor.getSnapshot().context.chartOpen).toEqual([1]);
    actor.send({ type: 'org.pick', id: 3 });
    // Manager 1 (id 3) opens on the chart; the chart stays.
    expect(actor.getSnapshot().context).toMatchObject({ view: 'chart', focused: null, chartOpen: [1, 3] });
    // Clicked again (open now): closed on the chart again, the chart stays.
    actor.send({ type: 'org.pick', id: 3 });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'chart', focused: null, chartOpen: [1] });
    // The head (always open) clicked: found in the list.
    actor.send({ type: 'org.pick', id: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'list', focused: 1, chartOpen: [1] });
    actor.send({ type: 'org.view', view: 'chart' });
    // A technician under Manager 2 (id 4) found: their chain is drawn open.
    actor.send({ type: 'org.focus', id: 1002 });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'chart', focused: 1002, chartOpen: [1, 4] });
    // A click on a technician (nobody below) finds them in the list.
    actor.send({ type: 'org.view', view: 'chart' });
    actor.send({ type: 'org.pick', id: 1008 });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'list', focused: 1008 });
    actor.send({ type: 'org.view', view: 'chart' });
    // Manager 8 (id 10), above the person focused, closed again: the person is let go, the chain no longer stressed.
    actor.send({ type: 'org.pick', id: 10 });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'chart', focused: null, chartOpen: [1, 4] });
    actor.stop();
  });

  it('asks for the pictures of the person focused on the chart, then of the people the list shows as managers open', () => {
    const asked: number[][] = [];
    const withPictures = [person(1, 'Morgan Lead', null), { ...person(2, 'Avery Agent', 1), avatarVersion: 4 }, { ...person(3, 'Casey Tech', 2), avatarVersion: 7 }];
    const machine = entry.machine.provide({
      actors: { avatars: fromCallback(({ receive }) => receive((e) => void asked.push((e as unknown as { files: { id: number }[] }).files.map((f) => f.id)))) },
    } as never);
    const actor = createActor(machine, { input: { people: withPictures, view: 'chart' } }).start();
    expect(asked).toEqual([]);
    // On the drawn chart with nobody focused, no list row shows a picture.
    actor.send({ type: 'org.focus', id: 2 });
    expect(asked).toEqual([[2]]);
    actor.send({ type: 'org.view', view: 'list' });
    expect(asked.at(-1)).toEqual([2]);
    actor.send({ type: 'org.expand', ids: [1, 2] });
    expect(asked.at(-1)).toEqual([2, 3]);
    actor.stop();
  });
});
