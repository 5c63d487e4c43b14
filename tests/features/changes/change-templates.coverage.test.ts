import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { ChangeTemplate } from '@contracts/changes';
import { changeTemplatesMachine, type ChangeTemplatesContext } from '@/features/changes/machines/changes.machines';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'change-templates')!;
const reloads: unknown[] = [];
/** The templates' query stand-in: it records the loads it is told. */
const templatesQuery = createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } });
const TEMPLATE = { id: 4, name: 'Rotate the TLS certificate', version: 1, retired_at: null } as ChangeTemplate;

describeMachinePaths(entry, {
  inputs: { 'the list': () => ({ templates: false }), 'the Templates view': () => ({ templates: true }) },
  events: [
    { type: 'templates.show' },
    { type: 'template.new' },
    { type: 'template.edit', template: TEMPLATE },
    { type: 'template.close' },
    { type: 'template.saved', result: TEMPLATE },
    { type: 'template.refused', error: 'This template changed since you read it', fieldErrors: {} },
    { type: 'template.refused', error: 'Name the template', fieldErrors: { name: 'Name the template' } },
    { type: 'template.retire', template: TEMPLATE },
    { type: 'template.retired', result: { ...TEMPLATE, retired_at: '2031-03-12T09:00:00Z' } },
    { type: 'retire.refused', error: 'This template is retired already', fieldErrors: {} },
    { type: 'scr.new' },
    { type: 'scr.close' },
    { type: 'scr.created', result: { id: 42 } },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as ChangeTemplatesContext).editing?.id ?? null, (s.context as ChangeTemplatesContext).created]),
  check: (snapshot) => {
    const c = snapshot.context as ChangeTemplatesContext;
    // A change request's page is where the screen goes exactly once one is raised.
    expect(c.created !== null).toBe(snapshot.matches('raised'));
  },
});

describe('standard change templates', () => {
  const start = () => createActor(changeTemplatesMachine.provide({ actors: { templates: templatesQuery as never } }), { input: { templates: true } }).start();

  it('closes a template’s dialog and loads the list again once saved; a refusal naming a field keeps it open without a reload', () => {
    const screen = start();
    screen.send({ type: 'template.edit', template: TEMPLATE });
    expect(screen.getSnapshot().context.editing).toBe(TEMPLATE);
    const before = reloads.length;
    screen.send({ type: 'template.refused', error: 'Name the template', fieldErrors: { name: 'Name the template' } });
    expect(screen.getSnapshot().value).toBe('editing');
    expect(reloads.length).toBe(before);
    screen.send({ type: 'template.saved', result: TEMPLATE });
    expect(screen.getSnapshot().value).toBe('viewing');
    expect(reloads.length).toBe(before + 1);
  });

  it('loads the templates only once they are shown, then again after each save', () => {
    const screen = createActor(changeTemplatesMachine.provide({ actors: { templates: templatesQuery as never } }), { input: { templates: false } }).start();
    expect(screen.getSnapshot().children.templates).toBeUndefined();
    screen.send({ type: 'templates.show' });
    expect(screen.getSnapshot().children.templates).toBeDefined();
    const before = reloads.length;
    screen.send({ type: 'template.retired', result: TEMPLATE });
    expect(reloads.length).toBe(before + 1);
  });

  it('remembers the change request raised so the screen goes to its page', () => {
    const screen = start();
    screen.send({ type: 'scr.new' });
    screen.send({ type: 'scr.created', result: { id: 42 } });
    expect(screen.getSnapshot().context.created).toBe(42);
  });
});
