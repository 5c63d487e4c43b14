/** People: a staff member's own profile (/user/options) and the org chart (/orgchart). */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffPeopleRoutes } from './staff.routes';

export const people: Feature = {
  name: 'people',
  register: (app, ctx) => staffRoutes(app, ctx, staffPeopleRoutes),
};

export { notificationAllowed } from './people.commands';
export { addPersonStatusProvider, type PersonStatusProvider } from './status';
