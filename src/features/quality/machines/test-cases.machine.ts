/**
 * The test cases view of the QA screen (`?view=cases`): the reusable cases, filtered by product area;
 * writing a new one or editing one in a dialog; retiring one. The list is a query child told the area
 * picked; the case form and the retire action are form children (`submitChild`) that tell this
 * machine how each save ended. Saved: the dialog closes and the list loads again. A refusal naming
 * no field (the case changed since it was read, it is retired already) loads the list again and
 * keeps what was typed.
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { QaTestCase } from '@contracts/quality';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { caseFormMachine, retireCaseMachine, testCasesMachine } from './quality.machines';

export type TestCasesContext = {
  /** The product area the list shows, or every area. */
  area: string | null;
  /** The case the dialog edits (null: a new case). */
  editing: QaTestCase | null;
  /** Each opening of the dialog starts its form fresh. */
  formKey: number;
};
export type TestCasesEvent =
  | { type: 'area.pick'; area: string | null }
  | { type: 'case.new' }
  | { type: 'case.edit'; testCase: QaTestCase }
  | { type: 'case.close' }
  | { type: 'case.saved'; result: QaTestCase }
  | ({ type: 'case.refused' } & SubmitFailure)
  | { type: 'case.retire'; testCase: QaTestCase }
  | { type: 'retire.saved'; result: QaTestCase }
  | ({ type: 'retire.refused' } & SubmitFailure);

const queryOf = (area: string | null) => (area ? { area } : {});

export const testCasesScreenMachine = setup({
  types: { context: {} as TestCasesContext, events: {} as TestCasesEvent, input: {} as { area?: string | null } },
  actors: {
    list: testCasesMachine,
    caseForm: submitChild(caseFormMachine, { saved: 'case.saved', failed: 'case.refused' }),
    retireForm: submitChild(retireCaseMachine, { saved: 'retire.saved', failed: 'retire.refused' }),
  },
  actions: {
    reloadList: sendTo('list', { type: 'query.reload' }),
  },
  guards: {
    namesNoField: ({ event }) => (event.type === 'case.refused' || event.type === 'retire.refused') && Object.keys(event.fieldErrors).length === 0,
  },
}).createMachine({
  id: 'qa-test-cases',
  description: 'The reusable test cases by product area: write one, edit one, retire one; the list loads again after each.',
  context: ({ input }) => ({ area: input.area ?? null, editing: null, formKey: 0 }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => ({ query: queryOf(context.area) }) },
    { id: 'caseForm', src: 'caseForm', input: { notices: { saved: (c: QaTestCase, sent: { id: number | null }) => (sent.id === null ? `Test case “${c.title}” written` : `Test case “${c.title}” saved`), failed: 'The test case was not saved' } } },
    { id: 'retireForm', src: 'retireForm', input: { notices: { saved: (c: QaTestCase) => `Test case “${c.title}” retired: new runs no longer get it`, failed: 'The test case was not retired' } } },
  ],
  on: {
    'area.pick': {
      description: 'The list shows the cases of the area picked (or of every area).',
      actions: [assign({ area: ({ event }) => event.area }), sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: queryOf(event.area) }))],
    },
    'case.retire': {
      description: 'A case is retired with the version read.',
      actions: sendTo('retireForm', ({ event }) => ({ type: 'form.submit' as const, input: { id: event.testCase.id, version: event.testCase.version, title: event.testCase.title } })),
    },
    'retire.saved': { actions: 'reloadList', description: 'Retired: the list loads again.' },
    'retire.refused': { guard: 'namesNoField', actions: 'reloadList', description: 'It changed or is retired already: the list loads again.' },
  },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The list; no dialog is open.',
      on: {
        'case.new': { target: 'editing', actions: assign({ editing: null, formKey: ({ context }) => context.formKey + 1 }), description: 'The dialog opens on an empty case.' },
        'case.edit': { target: 'editing', actions: assign({ editing: ({ event }) => event.testCase, formKey: ({ context }) => context.formKey + 1 }), description: 'The dialog opens on the case.' },
      },
    },
    editing: {
      description: 'The dialog writes a new case or edits one.',
      on: {
        'case.close': { target: 'browsing', actions: assign({ editing: null }), description: 'The dialog closes; nothing is saved.' },
        'case.saved': { target: 'browsing', actions: [assign({ editing: null }), 'reloadList'], description: 'Saved: the dialog closes, the list loads again.' },
        'case.refused': { guard: 'namesNoField', actions: 'reloadList', description: 'It changed since it was read: the list loads again; what was typed stays.' },
      },
    },
  },
});

export type TestCasesScreenActor = ActorRefFrom<typeof testCasesScreenMachine>;
type Snapshot = SnapshotFrom<typeof testCasesScreenMachine>;
export const selectList = (s: Snapshot) => s.children.list as ActorRefFrom<typeof testCasesMachine>;
export const selectCaseForm = (s: Snapshot) => s.children.caseForm as ActorRefFrom<typeof caseFormMachine>;
export const selectRetireForm = (s: Snapshot) => s.children.retireForm as ActorRefFrom<typeof retireCaseMachine>;
