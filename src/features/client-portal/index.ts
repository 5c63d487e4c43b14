/** The client portal under /client: log-in, signup and password links, dashboard, tickets, paper, support, help, change requests. */
export { clientRoutes, SessionExpiredDialog } from './routes';
export { ClientLayout } from './screens/ClientLayout';
