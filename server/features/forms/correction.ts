/**
 * The Correction form (its policy, migration 0031), reviewed by the author's manager. Three kinds: a
 * report of what went wrong; or a time entry or a punch of the author's corrected (before → after),
 * which the approving transaction applies through the time feature's command, refused as stale (409)
 * when the record changed since the correction read it.
 */
import { correctionRequestSchema, type StoredPunchCorrection, type StoredTimeEntryCorrection } from '@contracts/forms';
import { defineForm } from '@server/features/approvals';
import { checkPunchCorrection, correctPunchTimes, correctTimeEntry, ownEntryFields } from '@server/features/time';
import { staffActor } from '@server/platform/audit';
import { invalidField } from '@server/platform/http/errors';
import { exists } from './forms.repo';

export const correctionForm = defineForm({
  type: 'correction',
  payload: correctionRequestSchema,
  title: (c) => ('kind' in c ? `${c.kind === 'punch' ? 'Punch' : 'Time'} correction: ${c.summary}` : c.summary),
  async check(db, requesterId, c, now) {
    if ('kind' in c && c.kind === 'punch') {
      const before = await checkPunchCorrection(db, requesterId, c.punchId, c.after, now);
      return { ...c, before } satisfies StoredPunchCorrection;
    }
    if ('kind' in c) {
      const before = await ownEntryFields(db, requesterId, c.entryId);
      if (!before) throw invalidField('entryId', 'Pick a time entry of yours');
      return { ...c, before } satisfies StoredTimeEntryCorrection;
    }
    if (c.ticketId !== undefined && !(await exists(db, 'tickets', c.ticketId))) throw invalidField('ticketId', 'No such ticket');
    if (c.companyId !== undefined && !(await db.query('SELECT 1 FROM companies WHERE id = $1', [c.companyId])).rows.length) throw invalidField('companyId', 'No such company');
  },
  async onApproved(db, { id, requesterId, payload, approverId }, now) {
    if (!('kind' in payload)) return;
    // The approver changes the record: the audit row names them.
    if (payload.kind === 'punch') {
      const punch = payload as StoredPunchCorrection;
      await correctPunchTimes(db, staffActor(approverId ?? requesterId), { punchId: punch.punchId, userId: requesterId, before: punch.before, after: punch.after, requestId: id }, now);
      return;
    }
    const stored = payload as StoredTimeEntryCorrection;
    await correctTimeEntry(db, staffActor(approverId ?? requesterId), { entryId: stored.entryId, userId: requesterId, before: stored.before, after: stored.after, requestId: id });
  },
});
