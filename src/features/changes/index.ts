/** Software change requests for staff (/software/change/request): the list and each request's page with its moves. */
export { routes } from './routes';
export { machines } from './machines/registry';
