/** The Kudos form: a policy with no steps, so a kudo is published the moment it is sent (docs/adr/0155). */
import { KUDOS_PER_DAY, kudoPayloadSchema } from '@contracts/forms';
import { defineForm } from '@server/features/approvals';
import { conflict, invalidField } from '@server/platform/http/errors';
import { queueEmail } from '@server/platform/mail/outbox';
import { exists, insertKudo, kudoValues, lockKudoValuesShared, kudosSentSince, staffPerson } from './forms.repo';

const DAY_MS = 86_400_000;

export const kudoForm = defineForm({
  type: 'kudo',
  payload: kudoPayloadSchema,
  title: (k) => `Kudo: ${k.value}`,
  async check(db, requesterId, k, now) {
    if (k.toId === requesterId) throw invalidField('toId', 'Kudos are for colleagues, not for yourself');
    if (!(await staffPerson(db, k.toId))) throw invalidField('toId', 'Pick a colleague who works here');
    // A rename or retirement of the values waits for this kudo's transaction (and this kudo for it).
    await lockKudoValuesShared(db);
    if (!(await kudoValues(db)).includes(k.value)) throw invalidField('value', 'Choose one of the company values');
    if (k.ticketId !== undefined && !(await exists(db, 'tickets', k.ticketId))) throw invalidField('ticketId', 'No such ticket');
    if (k.projectId !== undefined && !(await exists(db, 'projects', k.projectId))) throw invalidField('projectId', 'No such project');
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['kudos-sent', requesterId]);
    if ((await kudosSentSince(db, requesterId, new Date(now.getTime() - DAY_MS))) >= KUDOS_PER_DAY) {
      throw conflict(`You have sent ${KUDOS_PER_DAY} kudos in the last 24 hours; send the next one tomorrow`);
    }
  },
  async onApproved(db, { id, requesterId, payload: k }, now) {
    await insertKudo(db, { requestId: id, fromId: requesterId, toId: k.toId, message: k.message, value: k.value, ticketId: k.ticketId ?? null, projectId: k.projectId ?? null, at: now });
    const from = await staffPerson(db, requesterId);
    const to = (await staffPerson(db, k.toId))!;
    const manager = to.manager_id === null || to.manager_id === requesterId ? undefined : await staffPerson(db, to.manager_id);
    const said = `"${k.message}"\n\n— ${from?.name ?? 'A colleague'} (${k.value})`;
    await queueEmail(db, { to: to.email, subject: `${from?.name ?? 'A colleague'} sent you a kudo`, body: `Hello ${to.name},\n\n${said}`, kind: 'kudo' });
    if (manager) await queueEmail(db, { to: manager.email, subject: `${to.name} received a kudo`, body: `Hello ${manager.name},\n\n${to.name} received a kudo:\n\n${said}`, kind: 'kudo' });
  },
});
