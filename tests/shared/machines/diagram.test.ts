import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { graphToMermaid, graphToSvg, machineToGraph } from '@/shared/machines/diagram';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDiagrams, expectedDiagramFiles } from '../../../scripts/machines';

/** A small machine with everything the generator must show: nesting, delays, guards, invoke, final. */
const sample = setup({
  types: { events: {} as { type: 'job.start' } | { type: 'job.cancel' } | { type: 'job.retry' } },
  guards: { isRetryAllowed: () => true },
  delays: { POLL_INTERVAL: 3.5 * 60 * 60 * 1000 },
  actors: { runJob: fromPromise(async () => 'ok') },
}).createMachine({
  id: 'job',
  description: 'A job that runs, polls and finishes.',
  initial: 'idle',
  states: {
    idle: { description: 'Nothing runs.', on: { 'job.start': 'active' } },
    active: {
      description: 'The job is under way.',
      initial: 'running',
      on: { 'job.cancel': { target: 'cancelled', description: 'The user stops the job.' } },
      states: {
        running: { invoke: { src: 'runJob', onDone: 'waiting', onError: 'failed' } },
        waiting: { after: { POLL_INTERVAL: 'running', 500: { target: 'running', guard: 'isRetryAllowed' } } },
        failed: { on: { 'job.retry': { target: 'running', guard: 'isRetryAllowed' } } },
      },
    },
    cancelled: { type: 'final', description: 'The job was stopped.' },
  },
});

const parallel = setup({ types: { events: {} as { type: 'a.toggle' } | { type: 'b.toggle' } } }).createMachine({
  id: 'panel',
  type: 'parallel',
  states: {
    a: { initial: 'off', states: { off: { on: { 'a.toggle': 'on' } }, on: { on: { 'a.toggle': 'off' } } } },
    b: { initial: 'off', states: { off: { on: { 'b.toggle': 'on' } }, on: { on: { 'b.toggle': 'off' } } } },
  },
});

describe('machine diagrams', () => {
  const graph = machineToGraph(sample);

  it('models nesting, the initial child and final states', () => {
    const active = graph.nodes.find((n) => n.id === 'job.active')!;
    expect(active.type).toBe('compound');
    expect(active.initialId).toBe('job.active.running');
    expect(active.childIds).toEqual(['job.active.running', 'job.active.waiting', 'job.active.failed']);
    expect(graph.nodes.find((n) => n.id === 'job.cancelled')!.type).toBe('final');
    expect(graph.nodes.find((n) => n.id === 'job.active.running')!.invokes).toEqual(['runJob']);
  });

  it('labels named and numeric delays, guards, invoke outcomes and user events', () => {
    const labels = graph.edges.map((e) => `${e.sourceId} -> ${e.targetIds.join(',')}: ${e.label}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'job.idle -> job.active: job.start',
        'job.active -> job.cancelled: job.cancel',
        'job.active.running -> job.active.waiting: done: runJob',
        'job.active.running -> job.active.failed: error: runJob',
        'job.active.waiting -> job.active.running: after POLL_INTERVAL (3h 30m)',
        'job.active.waiting -> job.active.running: after 500ms [isRetryAllowed]',
        'job.active.failed -> job.active.running: job.retry [isRetryAllowed]',
      ]),
    );
    expect(graph.edges).toHaveLength(7);
    expect(graph.events).toEqual(['job.cancel', 'job.retry', 'job.start']);
    expect(graph.edges.find((e) => e.eventType === 'job.cancel')!.description).toBe('The user stops the job.');
  });

  it('draws every state and label in the SVG, with descriptions as tooltips and a double border for final states', () => {
    const svg = graphToSvg(graph, { active: ['job.active', 'job.active.waiting'] });
    for (const n of graph.nodes) expect(svg).toContain(`data-state-id="${n.id}"`);
    for (const e of graph.edges) expect(svg).toContain(`>${e.label.replace(/&/g, '&amp;')}</text>`);
    expect(svg).toContain('<title>active\nThe job is under way.</title>');
    expect(svg).toMatch(/class="state final" data-state-id="job.cancelled"[^]*?<rect class="inner"/);
    expect(svg.match(/data-active="true"/g)).toHaveLength(2);
    expect(graphToSvg(graph)).toBe(graphToSvg(machineToGraph(sample)));
  });

  it('writes Mermaid with nested states, [*] markers and labelled transitions', () => {
    const mmd = graphToMermaid(graph);
    expect(mmd).toContain('stateDiagram-v2');
    expect(mmd).toMatch(/state "active" as active \{\n\s+\[\*\] --> active__running/);
    expect(mmd).toContain('cancelled --> [*]');
    expect(mmd).toContain('active__waiting --> active__running : after POLL_INTERVAL (3h 30m)');
    expect(mmd).toContain('active__failed --> active__running : job.retry [isRetryAllowed]');
  });

  it('draws parallel regions side by side and separates them in Mermaid', () => {
    const g = machineToGraph(parallel);
    const svg = graphToSvg(g);
    const box = (id: string) => svg.match(new RegExp(`data-state-id="${id}"[^]*?<rect class="box" x="([\\d.]+)" y="([\\d.]+)"`))!.slice(1).map(Number);
    const [ax, ay] = box('panel.a');
    const [bx, by] = box('panel.b');
    expect(ay).toBe(by);
    expect(bx).toBeGreaterThan(ax!);
    expect(graphToMermaid(g)).toMatch(/state "a" as a \{[^]*\}\n\s+--\n\s+state "b" as b \{/);
  });

  it('the check names missing, stale and orphan diagram files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'machines-'));
    const expected = expectedDiagramFiles();
    for (const [name, text] of expected) writeFileSync(join(dir, name), text);
    expect(checkDiagrams(dir)).toEqual([]);
    writeFileSync(join(dir, 'staff-session.svg'), expected.get('staff-session.svg')!.replace('signedIn', 'signedInOld'));
    writeFileSync(join(dir, 'retired.mmd'), 'stateDiagram-v2\n');
    expect(checkDiagrams(dir)).toEqual(['out of date: docs/machines/staff-session.svg', 'not a registered machine: docs/machines/retired.mmd']);
  });

  it('docs/machines matches every registered machine (npm run machines --check)', () => {
    expect(checkDiagrams()).toEqual([]);
  });
});
