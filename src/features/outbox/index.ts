/** The outbox (/admin/outbox): admins read every email the portal queued. */
export { routes } from './routes';
