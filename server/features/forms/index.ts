/**
 * Forms: the Kudos, Correction and Travel Expense forms, each a form of the approval engine (a payload schema, a
 * policy, an effect on approval), and the reads of their own (recent kudos, company values); what admins keep
 * for them (the company values, the expense rates).
 */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffFormsAdminRoutes } from './admin.routes';
import { correctionForm } from './correction';
import { expenseForm } from './expense';
import { staffExpenseRoutes } from './expense.routes';
import { referencedReceiptKeys } from './expenses.repo';
import { kudoForm } from './kudo';
import { staffFormRoutes } from './staff.routes';

/** The forms this feature plugs into the engine (registered when the module loads). */
export const FORM_DEFINITIONS = [kudoForm, correctionForm, expenseForm];

export const forms: Feature = {
  name: 'forms',
  async register(app, ctx) {
    // The upload sweep keeps every file a receipt names.
    ctx.uploads.referencedBy((keys) => referencedReceiptKeys(ctx.database.pool, keys));
    await staffRoutes(app, ctx, staffFormRoutes);
    await staffRoutes(app, ctx, staffExpenseRoutes);
    await staffRoutes(app, ctx, staffFormsAdminRoutes);
  },
};
