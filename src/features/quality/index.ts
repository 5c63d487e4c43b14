/** Quality Assurance for staff (/quality/qa): the queue, an item's runs with take and result, the figures. */
export { routes } from './routes';
export { machines } from './machines/registry';
