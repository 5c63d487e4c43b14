/** The Correction form: a report of what went wrong, reviewed by the author's manager (its policy, migration 0031). */
import { correctionPayloadSchema } from '@contracts/forms';
import { defineForm } from '@server/features/approvals';
import { invalidField } from '@server/platform/http/errors';
import { exists } from './forms.repo';

export const correctionForm = defineForm({
  type: 'correction',
  payload: correctionPayloadSchema,
  title: (c) => c.summary,
  async check(db, _requesterId, c) {
    if (c.ticketId !== undefined && !(await exists(db, 'tickets', c.ticketId))) throw invalidField('ticketId', 'No such ticket');
    if (c.companyId !== undefined && !(await db.query('SELECT 1 FROM companies WHERE id = $1', [c.companyId])).rows.length) throw invalidField('companyId', 'No such company');
  },
});
