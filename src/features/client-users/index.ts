/** Client portal users, for staff: invite, approve or decline sign-ups, disable. */
export { menu, routes } from './routes';
