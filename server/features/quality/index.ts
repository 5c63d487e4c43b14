/** Quality Assurance: the queue of SCRs and tickets under test, their runs, test cases and figures. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffQualityRoutes } from './staff.routes';

export const quality: Feature = {
  name: 'quality',
  register: (app, ctx) => staffRoutes(app, ctx, staffQualityRoutes),
};

export { onQaResult, qaOfScr, queueForQa, type QaOutcome } from './quality.commands';
