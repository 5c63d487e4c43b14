/** Projects, their kanban boards and sprints, for staff. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffProjectRoutes } from './staff.routes';

export const projects: Feature = {
  name: 'projects',
  register: (app, ctx) => staffRoutes(app, ctx, staffProjectRoutes),
};

/** A project and its cards made by another feature's work (a change request going into development). */
export { insertProject, insertTask } from './projects.repo';
