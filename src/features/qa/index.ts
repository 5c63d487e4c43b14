/** QA: the machine diagrams of the portal, live (/qa/machines). */
export { menu, routes } from './routes';
