/** Quality Assurance: the queue of SCRs and tickets under test, their runs, test cases and figures. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { referencedEvidenceKeys } from './quality.repo';
import { staffQualityRoutes } from './staff.routes';

export const quality: Feature = {
  name: 'quality',
  register: async (app, ctx) => {
    // The upload sweep keeps every evidence file.
    ctx.uploads.referencedBy((keys) => referencedEvidenceKeys(ctx.database.pool, keys));
    await staffRoutes(app, ctx, staffQualityRoutes);
  },
};

export { onQaResult, qaOfScr, queueForQa, type QaOutcome } from './quality.commands';
