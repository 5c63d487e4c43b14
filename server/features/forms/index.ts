/**
 * Forms: the Kudos and Correction forms, each a form of the approval engine (a payload schema, a
 * policy, an effect on approval), and the reads of their own (recent kudos, company values).
 */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { correctionForm } from './correction';
import { kudoForm } from './kudo';
import { staffFormRoutes } from './staff.routes';

/** The forms this feature plugs into the engine (registered when the module loads). */
export const FORM_DEFINITIONS = [kudoForm, correctionForm];

export const forms: Feature = {
  name: 'forms',
  register: (app, ctx) => staffRoutes(app, ctx, staffFormRoutes),
};
