import { createQueryMachine } from '@/shared/machines/query.machine';
import { clientPortalApi } from '../api';

/**
 * The first client screen's machines, in a module of their own so the dashboard loads without the
 * ticket, file and form machines of the other client screens (the first client screen's budget).
 */
export const dashboardMachine = createQueryMachine('clientDashboard', () => clientPortalApi.dashboard());
export const paperOrdersMachine = createQueryMachine('clientPaperOrders', () => clientPortalApi.paperOrders());
