/** Forms of the approval engine: the Kudos form (/forms/kudo) and recent kudos for Home. */
import { lazy } from 'react';

export { routes } from './routes';

/** Home's card of recent kudos (its code loads after the first screen). */
export const RecentKudosCard = lazy(() => import('./screens/RecentKudos'));
