import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Delegation } from '@contracts/approvals';
import { delegateMachine, delegationsMachine, undelegateMachine } from '../machines/approvals.machines';
import styles from './ApprovalsScreen.module.css';
import { inspection } from '@/shared/inspection';
import { StaffPicker } from '@/shared/pickers';
import { Badge, Button, Card, FormErrorBanner, QueryView, SkeletonText, TextField } from '@/shared/ui/components';
import { formatDateTime } from '@/shared/ui/tokens/format';

/** A datetime-local value as an instant (the browser's time zone); what cannot be read goes as typed, for the contract to name. */
const instant = (local: string) => {
  const t = Date.parse(local);
  return local && !Number.isNaN(t) ? new Date(t).toISOString() : local;
};

const isCurrent = (d: Delegation) => Date.parse(d.startsAt) <= Date.now();

/** Out of office: name who decides for me in a dated window; see and end the current and coming ones. */
export default function OutOfOffice() {
  const list = useActorRef(delegationsMachine, { input: {}, inspect: inspection.inspect });
  const form = useActorRef(delegateMachine, {
    input: { reloads: [list], reloadEvent: { type: 'query.reload' }, notices: { saved: (d) => `${d.delegate} decides for you from ${formatDateTime(d.startsAt)} to ${formatDateTime(d.endsAt)}`, failed: 'The delegate was not named' } },
    inspect: inspection.inspect,
  });
  const end = useActorRef(undelegateMachine, { input: { reloads: [list], reloadEvent: { type: 'query.reload' }, notices: { saved: () => 'Delegation ended', failed: 'The delegation was not ended' } }, inspect: inspection.inspect });
  const ending = useSelector(end, (s) => s.matches('submitting'));
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const [draft, setDraft] = useState({ delegateId: null as number | null, delegateName: null as string | null, startsAt: '', endsAt: '' });
  const change = (patch: Partial<typeof draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };

  return (
    <Card padding="compact">
      <section aria-labelledby="out-of-office" className={styles.stack}>
        <h2 id="out-of-office" className={styles.heading}>
          Out of office
        </h2>
        <p className={styles.muted}>While you are away, a colleague decides for you; the history says they decided on your behalf.</p>
        <QueryView actor={list} loading={<SkeletonText lines={2} label="Loading your delegations" />} errorFallback="Your delegations could not be loaded" empty={<p className={styles.muted}>No one decides for you now.</p>}>
          {(rows) => (
            <ul className={styles.delegations} aria-label="My delegations">
              {rows.map((d) => (
                <li key={d.id} className={styles.delegation}>
                  <span>
                    <Badge tone={isCurrent(d) ? 'success' : 'neutral'}>{isCurrent(d) ? 'Now' : 'Coming'}</Badge> <strong>{d.delegate}</strong> decides for you, {formatDateTime(d.startsAt)} to {formatDateTime(d.endsAt)}
                  </span>
                  <Button size="sm" isDisabled={ending} onPress={() => end.send({ type: 'form.submit', input: d.id })} aria-label={`${isCurrent(d) ? 'End' : 'Cancel'} the delegation to ${d.delegate}`}>
                    {isCurrent(d) ? 'End' : 'Cancel'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        <form
          className={styles.delegateForm}
          noValidate
          aria-label="Name a delegate"
          onSubmit={(e) => {
            e.preventDefault();
            form.send({ type: 'form.submit', input: { delegateId: draft.delegateId ?? 0, startsAt: instant(draft.startsAt), endsAt: instant(draft.endsAt) } });
          }}
        >
          <StaffPicker label="Delegate" placeholder="Who decides for you?" value={draft.delegateId} valueName={draft.delegateName ?? undefined} onChange={(id, name) => change({ delegateId: id, delegateName: name }, 'delegateId')} errorMessage={fields.delegateId} />
          <TextField label="From" type="datetime-local" isRequired value={draft.startsAt} onChange={(startsAt) => change({ startsAt }, 'startsAt')} errorMessage={fields.startsAt} />
          <TextField label="Until" type="datetime-local" isRequired value={draft.endsAt} onChange={(endsAt) => change({ endsAt }, 'endsAt')} errorMessage={fields.endsAt} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" isPending={busy}>
              Name delegate
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
