/** The client portal under /client: log-in, signup and password links, dashboard, tickets, paper, support, help, change requests. */
export { clientRoutes, SessionExpiredDialog } from './routes';
export { ClientLayout } from './screens/ClientLayout';
/** The help articles' Markdown reader, for other screens that show an article (the assistant's). */
export { Markdown } from './screens/Markdown';
