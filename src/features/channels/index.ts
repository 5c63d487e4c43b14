/** Email in (/admin/mail): admins configure the channels mail arrives by and file the review list. */
export { routes } from './routes';
