/**
 * The change-advisory step: a form of the approval engine (docs/adr/0155). Its policy (migration
 * 0039) names the requesting company's account manager, and a manager too when the risk is high.
 * Only a move of this feature submits it (a request made elsewhere is refused); its approval
 * approves the SCR in the approving transaction, and its rejection rejects the SCR with the approver's reason.
 */
import { changeApprovalPayloadSchema, scrNumber } from '@contracts/changes';
import { defineForm } from '@server/features/approvals';
import { conflict } from '@server/platform/http/errors';
import { SUBMITTING, approvedByEngine, rejectedByEngine } from './changes.commands';

export function changeForm(publicUrl: () => string) {
  return defineForm({
    type: 'change',
    payload: changeApprovalPayloadSchema,
    title: (p) => `${scrNumber(p.scrId)}: ${p.title}`.slice(0, 200),
    async check(db, _requesterId, p) {
      const { rows } = await db.query<{ v: string | null }>('SELECT current_setting($1, true) AS v', [SUBMITTING]);
      if (rows[0]?.v !== String(p.scrId)) throw conflict('Send a change request for approval from its page', { formType: 'Send it from the change request' });
    },
    onApproved: (db, request, now) => approvedByEngine(db, { publicUrl: publicUrl() }, request.payload.scrId, request.id, now),
    onRejected: (db, request, decision, now) => rejectedByEngine(db, { publicUrl: publicUrl() }, request.payload.scrId, request.id, decision, now),
  });
}
