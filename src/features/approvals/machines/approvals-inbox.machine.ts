/**
 * /approvals: one inbox of what waits for my decision, across every form of the approval engine.
 * The list, the bulk decision and the table are children spawned with a `systemId`, reporting with
 * this machine's events. Filters load the list again; a decision (approve, or reject with a reason)
 * sends every ticked request through the server's checks, says how many were decided and why any
 * was refused, clears the selection in the machine and the table, and loads the list again.
 */
import { assertEvent, assign, enqueueActions, sendParent, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BulkResult, RequestSummary } from '@contracts/approvals';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { tableMachine, type Row, type TableContext } from '@/shared/machines/table/table.machine';
import type { ColumnOptions } from '@/shared/machines/table/table.types';
import type { InboxFilters } from '../api';
import { bulkDecisionMachine, inboxListMachine } from './approvals.machines';

export type InboxContext = { filters: InboxFilters; requests: RequestSummary[] | null; loadError: string | null; selected: number[] };
export type InboxEvent =
  | { type: 'filters.set'; filters: InboxFilters }
  | { type: 'inbox.reload' }
  | { type: 'selection.set'; ids: number[] }
  | { type: 'requests.approve'; ids: number[] }
  | { type: 'requests.reject'; ids: number[]; reason: string }
  | { type: 'inbox.loaded'; data: RequestSummary[] }
  | { type: 'inbox.loadFailed'; error: string }
  | { type: 'requests.decided'; result: BulkResult }
  | ({ type: 'requests.decideFailed' } & SubmitFailure);

/** The inbox's columns as the table sorts and searches them; the view draws the cells. */
export const INBOX_COLUMNS: readonly ColumnOptions<RequestSummary>[] = [
  { label: 'Request', field: 'title', width: '40%' },
  { label: 'Form', field: 'formType', priority: 2 },
  { label: 'From', field: 'requester', priority: 2 },
  { label: 'Step', field: 'step', value: (r) => r.step ?? '', priority: 3 },
  { label: 'Waiting since', field: 'submittedAt', value: (r) => r.submittedAt ?? '', priority: 2 },
  { label: 'Due', field: 'dueAt', value: (r) => r.dueAt ?? '' },
];

const inboxTableMachine = tableMachine.provide({
  actions: {
    tellSelection: sendParent(({ context }: { context: TableContext }) => ({ type: 'selection.set' as const, ids: context.selected.map(Number) })),
  },
});
export type InboxTableActor = ActorRefFrom<typeof tableMachine>;

const DECISION_NOTICE = 'approvals.decision';

/** What the person is told after a bulk decision: how many were decided, and each refusal's reason. */
function decidedNotice(result: BulkResult, verb: 'approved' | 'rejected') {
  const done = result.results.filter((r) => r.ok).length;
  const refused = result.results.filter((r) => !r.ok);
  if (!refused.length) return { tone: 'success' as const, title: done === 1 ? `Request ${verb}` : `${done} requests ${verb}` };
  return {
    tone: 'warning' as const,
    title: `${done} of ${result.results.length} ${verb}`,
    description: refused.map((r) => `#${r.id}: ${r.message ?? 'refused'}`).join(' · '),
    key: DECISION_NOTICE,
  };
}

export const approvalsInboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent, input: {} as { filters?: InboxFilters } },
  actors: {
    list: queryChild(inboxListMachine, { loaded: 'inbox.loaded', failed: 'inbox.loadFailed' }),
    decision: submitChild(bulkDecisionMachine, { saved: 'requests.decided', failed: 'requests.decideFailed' }),
    table: inboxTableMachine,
  },
  actions: {
    ...notifyActions,
    reloadList: sendTo('list', { type: 'query.reload' }),
    clearSelection: enqueueActions(({ enqueue }) => {
      enqueue.assign({ selected: [] });
      enqueue.sendTo('table', { type: 'selection.clear' as const });
    }),
    showRows: sendTo('table', ({ context }) => ({ type: 'rows.set' as const, rows: (context.requests ?? []) as unknown as readonly Row[] })),
    sendDecision: sendTo('decision', ({ context, event }) => {
      assertEvent(event, ['requests.approve', 'requests.reject']);
      const items = (context.requests ?? []).filter((r) => event.ids.includes(r.id)).map((r) => ({ id: r.id, version: r.version }));
      const input =
        event.type === 'requests.approve' ? { decision: 'approve' as const, items } : { decision: 'reject' as const, items, comment: event.reason };
      return { type: 'form.submit' as const, input };
    }),
  },
}).createMachine({
  id: 'approvalsInbox',
  description: 'What waits for my decision across forms, and my bulk decisions on it.',
  context: ({ input }) => ({ filters: input.filters ?? {}, requests: null, loadError: null, selected: [] }),
  entry: [
    spawnChild('list', { id: 'list', systemId: 'approvals.inbox.list', input: ({ context }) => ({ query: context.filters }) }),
    spawnChild('decision', { id: 'decision', systemId: 'approvals.inbox.decision', input: {} }),
    spawnChild('table', { id: 'table', systemId: 'approvals.inbox.table', input: { mode: 'client', columns: INBOX_COLUMNS as readonly ColumnOptions<Row>[], rowKey: 'id' } }),
  ],
  type: 'parallel',
  on: {
    'selection.set': { actions: assign({ selected: ({ event }) => event.ids }), description: 'Rows ticked or unticked in the table.' },
  },
  states: {
    list: {
      description: 'The requests waiting for me, as filtered.',
      initial: 'loading',
      on: {
        'filters.set': {
          target: '.loading',
          actions: [assign({ filters: ({ event }) => event.filters }), 'clearSelection', sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: event.filters }))],
          description: 'Another form or due time chosen: the list loads again; nothing stays ticked.',
        },
        'inbox.reload': { target: '.loading', actions: 'reloadList', description: 'A retry.' },
        'inbox.loaded': { target: '.ready', actions: [assign({ requests: ({ event }) => event.data, loadError: null }), 'showRows'] },
        'inbox.loadFailed': { target: '.failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
      states: {
        loading: { description: 'The list is loading.', tags: ['loading'] },
        ready: { description: 'The list is shown.' },
        failed: { description: 'The list could not be loaded; the reason is shown with a retry.' },
      },
    },
    decision: {
      description: 'One bulk decision at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No decision under way.',
          on: {
            'requests.approve': { target: 'approving', actions: [{ type: 'dismissNotice', params: { key: DECISION_NOTICE } }, 'sendDecision'] },
            'requests.reject': { target: 'rejecting', actions: [{ type: 'dismissNotice', params: { key: DECISION_NOTICE } }, 'sendDecision'] },
          },
        },
        approving: {
          description: 'The ticked requests are approved, each through the server’s checks.',
          tags: ['busy'],
          on: {
            'requests.decided': { target: 'idle', actions: [{ type: 'notify', params: ({ event }) => decidedNotice(event.result, 'approved') }, 'clearSelection', 'reloadList'] },
            'requests.decideFailed': {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'Nothing was approved', description: event.error, key: DECISION_NOTICE }) }, 'reloadList'],
            },
          },
        },
        rejecting: {
          description: 'The ticked requests are rejected with the reason, each through the server’s checks.',
          tags: ['busy'],
          on: {
            'requests.decided': { target: 'idle', actions: [{ type: 'notify', params: ({ event }) => decidedNotice(event.result, 'rejected') }, 'clearSelection', 'reloadList'] },
            'requests.decideFailed': {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'Nothing was rejected', description: event.error, key: DECISION_NOTICE }) }, 'reloadList'],
            },
          },
        },
      },
    },
  },
});

type S = SnapshotFrom<typeof approvalsInboxMachine>;
export const selectRequests = (s: S) => s.context.requests;
export const selectFilters = (s: S) => s.context.filters;
export const selectLoadError = (s: S) => (s.matches({ list: 'failed' }) ? s.context.loadError : null);
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectSelected = (s: S) => s.context.selected;
export const selectTable = (s: S) => s.children.table as InboxTableActor;
