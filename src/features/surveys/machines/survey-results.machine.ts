import { assign, fromPromise, setup } from 'xstate';
import type { SurveyResults, SurveyResultsQuery, SurveyType } from '@contracts/surveys';
import { surveyResultsApi } from '../api';

export type SurveyResultsFilters = { from?: string; to?: string; companyId?: number; type?: SurveyType };

export type SurveyResultsContext = {
  filters: SurveyResultsFilters;
  page: number;
  pageSize: number;
  results: SurveyResults | null;
  error: string | null;
};

export type SurveyResultsEvent =
  | { type: 'results.filter'; filters: SurveyResultsFilters }
  | { type: 'results.page'; page: number }
  | { type: 'results.export' }
  | { type: 'results.retry' };

const RESULTS_PAGE_SIZE = 20;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Only the filters that are set, as the query string. */
function queryOf(context: SurveyResultsContext): SurveyResultsQuery {
  const q: SurveyResultsQuery = { page: context.page, pageSize: context.pageSize };
  for (const [k, v] of Object.entries(context.filters)) if (v !== undefined && v !== '') (q as Record<string, unknown>)[k] = v;
  return q;
}

export const surveyResultsMachine = setup({
  types: { context: {} as SurveyResultsContext, events: {} as SurveyResultsEvent },
  actors: {
    loadResults: fromPromise<SurveyResults, SurveyResultsQuery>(({ input }) => surveyResultsApi.results(input)),
    exportCsv: fromPromise<void, SurveyResultsQuery>(({ input }) => surveyResultsApi.exportCsv(input)),
  },
  guards: {
    isPageInRange: ({ context, event }) => {
      if (event.type !== 'results.page' || !context.results) return false;
      const last = Math.max(1, Math.ceil(context.results.comments.total / context.pageSize));
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= last;
    },
  },
}).createMachine({
  id: 'surveyResults',
  description: 'The survey results report: filters, CSAT and NPS, distributions, comments, CSV export.',
  context: { filters: {}, page: 1, pageSize: RESULTS_PAGE_SIZE, results: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the results for the current filters and page.',
      tags: ['busy'],
      invoke: {
        src: 'loadResults',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'ready', actions: assign({ results: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    ready: {
      description: 'Results shown.',
      on: {
        'results.filter': {
          target: 'loading',
          actions: assign({ filters: ({ event }) => event.filters, page: 1 }),
          description: 'New filters start again at page 1.',
        },
        'results.page': { guard: 'isPageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'results.export': 'exporting',
      },
    },
    exporting: {
      description: 'Downloading the CSV of the counted responses under the current filters.',
      tags: ['busy'],
      invoke: {
        src: 'exportCsv',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'ready' },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      description: 'The results could not be loaded; the reason is shown with a retry.',
      on: {
        'results.retry': 'loading',
        'results.filter': { target: 'loading', actions: assign({ filters: ({ event }) => event.filters, page: 1 }) },
      },
    },
  },
});
