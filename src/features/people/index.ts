/** People: the signed-in person's profile (/user/options) and the org chart (/orgchart). */
export { routes } from './routes';
