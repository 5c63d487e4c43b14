/**
 * A sales screen that shows one query (the customers, a company from the sales angle, the CAC check) as a
 * statechart (docs/adr/0107): the query is its child, and an activity logged from the screen's
 * dialog (`activity.logged`, heard through `loggedActivities`) loads it again. The view reads the
 * query with the selectors at the end of this file and sends it `query.reload` for "Refresh".
 */
import { sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { QueryMachine } from '@/shared/machines/query.machine';
import { loggedActivities, type ActivityLogActor, type ActivityLogged } from './activity-log.machine';
import { cacMachine, customersMachine, salesCompanyMachine } from './sales.machines';

export type SalesViewInput<TQuery> = {
  /** The screen's activity dialog (`useActivityLog().log`). */
  log: ActivityLogActor | null;
  /** What the screen shows: nothing to choose (the customers), the company's id, or the CAC check's months. */
  query: TQuery;
};

function createSalesViewMachine<TQuery, T>(id: string, query: QueryMachine<TQuery, T>, description: string) {
  return setup({
    types: { context: {} as SalesViewInput<TQuery>, events: {} as ActivityLogged, input: {} as SalesViewInput<TQuery> },
    actors: { query, loggedActivities },
  }).createMachine({
    id,
    description,
    context: ({ input }) => ({ log: input.log, query: input.query }),
    entry: spawnChild('query', { id: 'query', systemId: `${id}.query`, input: ({ context }) => ({ query: context.query }) }),
    invoke: { src: 'loggedActivities', input: ({ context }) => ({ log: context.log }) },
    on: {
      'activity.logged': { actions: sendTo('query', { type: 'query.reload' as const }), description: 'An activity was logged here: what the screen shows loads again.' },
    },
  });
}

/** /sales/customers: every company with its sales figures. */
export const customersScreenMachine = createSalesViewMachine('salesCustomersScreen', customersMachine, 'Every company with its sales figures; a logged activity loads them again.');
/** /sales/company/{id} and the company page's Sales section: the company's timeline and pipeline. */
export const companyScreenMachine = createSalesViewMachine('salesCompanyScreen', salesCompanyMachine, 'A company from the sales angle (timeline, pipeline, quotes); a logged activity loads it again.');

/**
 * /sales/debug/cac: the CAC check for a range of months. The range is the query's own (the view
 * sends `query.set` as months are picked); a logged activity runs the check again for the range
 * shown, since a closed sale can make a new customer.
 */
export const cacScreenMachine = createSalesViewMachine('salesCacScreen', cacMachine, 'The CAC check for a range of months; a logged activity runs it again for the months shown.');

/** The screen's query (its data, its error, and `query.reload`). */
export const selectCustomers = (s: SnapshotFrom<typeof customersScreenMachine>) => s.children.query as ActorRefFrom<typeof customersMachine>;
export const selectCompany = (s: SnapshotFrom<typeof companyScreenMachine>) => s.children.query as ActorRefFrom<typeof salesCompanyMachine>;
export const selectCac = (s: SnapshotFrom<typeof cacScreenMachine>) => s.children.query as ActorRefFrom<typeof cacMachine>;
