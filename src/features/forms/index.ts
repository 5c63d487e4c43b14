/** Forms of the approval engine: the Kudos form (/forms/kudo), recent kudos for Home, a person's kudos for their profile. */
import { lazy } from 'react';

export { routes } from './routes';

/** Home's card of recent kudos (its code loads after the first screen). */
export const RecentKudosCard = lazy(() => import('./screens/RecentKudos'));
/** A person's profile card of the kudos they received. */
export const ReceivedKudosCard = lazy(() => import('./screens/ReceivedKudos'));
