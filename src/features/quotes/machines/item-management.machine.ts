/**
 * Item Management (/quote/item/management): the catalog's table, the item form (a new item, or
 * the one selected in the table), the CSV import (preview, then commit: all rows or none) and the
 * CSV export. Independent parts of one screen, as parallel regions. The machine owns the screen's
 * service calls (invoked by the states that wait for them, and the downloads child it spawns with a
 * system id), reloads the table after a change, and says what the person is told.
 */
import { assertEvent, assign, fromPromise, not, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { CatalogImportResult, CatalogItem, CatalogItemInput } from '@contracts/quotes';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { catalogApi } from '../api';
import { downloads, type DownloadEvent } from './downloads';

export type ItemManagementInput = { table?: AnyActorRef | null };
export type ItemManagementContext = {
  /** The catalog's table, told to reload after a change. */
  table: AnyActorRef | null;
  /** The child that fetches and offers the CSV export. */
  downloads: ActorRefFrom<typeof downloads>;
  /** What the form edits: a new item, an item of the table, or nothing (closed). */
  editing: CatalogItem | 'new' | null;
  itemError: string | null;
  itemFieldErrors: Record<string, string>;
  importResult: CatalogImportResult | null;
  importError: string | null;
  exportBusy: boolean;
};
export type ItemManagementEvent =
  | { type: 'item.new' }
  | { type: 'item.open'; item: CatalogItem }
  | { type: 'item.close' }
  | { type: 'item.save'; input: CatalogItemInput }
  | { type: 'import.toggle' }
  | { type: 'import.check'; csv: string; commit: boolean }
  | { type: 'catalog.export' }
  | DownloadEvent;

const EXPORT_NOTICE = 'item-management-export';

export const itemManagementMachine = setup({
  types: { context: {} as ItemManagementContext, events: {} as ItemManagementEvent, input: {} as ItemManagementInput },
  actors: {
    saveItem: fromPromise<CatalogItem, { id: number | null; input: CatalogItemInput }>(({ input }) => (input.id === null ? catalogApi.create(input.input) : catalogApi.update(input.id, input.input))),
    importCsv: fromPromise<CatalogImportResult, { csv: string; commit: boolean }>(({ input }) => catalogApi.import(input.csv, input.commit)),
    downloads,
  },
  guards: {
    committed: ({ event }) => (event as unknown as { output: CatalogImportResult }).output.committed,
    exportBusy: ({ context }) => context.exportBusy,
  },
  actions: {
    ...notifyActions,
    reloadTable: ({ context }) => context.table?.send({ type: 'table.reload' }),
    openItem: assign(({ event }) => {
      assertEvent(event, ['item.new', 'item.open']);
      return { editing: event.type === 'item.new' ? ('new' as const) : event.item, itemError: null, itemFieldErrors: {} };
    }),
  },
}).createMachine({
  id: 'itemManagement',
  description: 'Item Management: the item form, the CSV import and the export beside the catalog table.',
  type: 'parallel',
  context: ({ input, spawn }) => ({
    table: input.table ?? null,
    downloads: spawn('downloads', { id: 'downloads', systemId: 'item-management.downloads' }),
    editing: null,
    itemError: null,
    itemFieldErrors: {},
    importResult: null,
    importError: null,
    exportBusy: false,
  }),
  on: {
    'catalog.export': {
      guard: not('exportBusy'),
      actions: [{ type: 'dismissNotice', params: { key: EXPORT_NOTICE } }, assign({ exportBusy: true }), sendTo(({ context }) => context.downloads, { type: 'download.catalog' as const })],
      description: 'The whole catalog is fetched as CSV and offered as a file.',
    },
    'download.done': { actions: assign({ exportBusy: false }) },
    'download.failed': {
      actions: [
        assign({ exportBusy: false }),
        { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The catalog was not exported', description: event.error, key: EXPORT_NOTICE }) },
      ],
    },
  },
  states: {
    item: {
      description: 'The item form: closed, or open on a new item or an item of the table.',
      initial: 'closed',
      states: {
        closed: {
          on: { 'item.new': { target: 'open', actions: 'openItem' }, 'item.open': { target: 'open', actions: 'openItem' } },
        },
        open: {
          initial: 'editing',
          on: {
            'item.new': { target: 'open', reenter: true, actions: 'openItem', description: 'Another item in the form: what was typed for this one goes.' },
            'item.open': { target: 'open', reenter: true, actions: 'openItem' },
          },
          states: {
            editing: {
              description: "The form is filled in; the last save's errors are shown by their fields.",
              on: { 'item.save': 'saving', 'item.close': { target: '#itemManagement.item.closed', actions: assign({ editing: null }) } },
            },
            saving: {
              tags: ['itemBusy'],
              invoke: {
                id: 'saveItem',
                src: 'saveItem',
                input: ({ context, event }) => {
                  assertEvent(event, 'item.save');
                  return { id: context.editing === 'new' || context.editing === null ? null : context.editing.id, input: event.input };
                },
                onDone: {
                  target: '#itemManagement.item.closed',
                  actions: [
                    { type: 'notify', params: ({ context }) => ({ tone: 'success' as const, title: context.editing === 'new' ? 'Item created' : 'Item saved' }) },
                    assign({ editing: null }),
                    'reloadTable',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign(({ event }) => {
                    const e = toApiError(event.error);
                    return { itemError: e.message, itemFieldErrors: e.fields ?? {} };
                  }),
                },
              },
            },
          },
        },
      },
    },
    import: {
      description: 'The CSV import: closed, or open with its preview.',
      initial: 'closed',
      states: {
        closed: {
          on: { 'import.toggle': { target: 'open', actions: assign({ importResult: null, importError: null }) } },
        },
        open: {
          initial: 'idle',
          on: { 'import.toggle': '#itemManagement.import.closed' },
          states: {
            idle: {
              description: 'A file to check, or a checked file to import (only when every row is valid).',
              on: { 'import.check': 'checking' },
            },
            imported: {
              description: 'Every row is in the catalog; another file can be checked.',
              on: { 'import.check': 'checking' },
            },
            checking: {
              tags: ['importBusy'],
              invoke: {
                id: 'importCsv',
                src: 'importCsv',
                input: ({ event }) => {
                  assertEvent(event, 'import.check');
                  return { csv: event.csv, commit: event.commit };
                },
                onDone: [
                  {
                    guard: 'committed',
                    target: 'imported',
                    actions: [
                      assign({ importResult: ({ event }) => event.output, importError: null }),
                      { type: 'notify', params: ({ event }) => ({ tone: 'success' as const, title: `Imported: ${event.output.created} created, ${event.output.updated} updated` }) },
                      'reloadTable',
                    ],
                  },
                  { target: 'idle', actions: assign({ importResult: ({ event }) => event.output, importError: null }) },
                ],
                onError: { target: 'idle', actions: assign({ importError: ({ event }) => toApiError(event.error).message }) },
              },
            },
          },
        },
      },
    },
  },
});

// ---------------------------------------------------------------- what the screen reads

export type ItemManagementSnapshot = SnapshotFrom<typeof itemManagementMachine>;
export const selectEditing = (s: ItemManagementSnapshot) => s.context.editing;
export const selectItemError = (s: ItemManagementSnapshot) => s.context.itemError;
export const selectItemFieldErrors = (s: ItemManagementSnapshot) => s.context.itemFieldErrors;
export const selectItemBusy = (s: ItemManagementSnapshot) => s.hasTag('itemBusy');
export const selectImporting = (s: ItemManagementSnapshot) => s.matches({ import: 'open' });
export const selectImportResult = (s: ItemManagementSnapshot) => s.context.importResult;
export const selectImportError = (s: ItemManagementSnapshot) => s.context.importError;
export const selectImportBusy = (s: ItemManagementSnapshot) => s.hasTag('importBusy');
export const selectExportBusy = (s: ItemManagementSnapshot) => s.context.exportBusy;
