/** The management dashboard: team KPIs for managers and admins. */
export { menu, routes } from './routes';
