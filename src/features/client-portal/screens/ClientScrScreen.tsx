import { useActorRef } from '@xstate/react';
import type { FormEvent } from 'react';
import { SCR_PRIORITIES, SCR_STATUS_LABELS, type Scr } from '@contracts/client-portal';
import { LIMITS } from '@contracts/common/constants';
import { createScrMachine, scrListMachine } from '../machines/client-portal.machines';
import { Field, FormError, LoadError, SelectField, useFieldValues, useFormState, useQueryState } from './form-parts';
import { formatNumericDate } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const PRIORITY_LABELS: Record<Scr['priority'], string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export default function ClientScrScreen() {
  const list = useActorRef(scrListMachine, { input: { query: null } });
  const { data: page, failed, error: listError } = useQueryState(list);
  const form = useActorRef(createScrMachine, { input: { reloads: list, reloadEvent: { type: 'query.reload' } } });
  const { busy, result: filed, error, fields } = useFormState(form);
  const { values, set } = useFieldValues<{ title: string; description: string; businessReason: string; priority: Scr['priority'] }>({ title: '', description: '', businessReason: '', priority: 'medium' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: values });
  };
  return (
    <>
      <h1>Software change requests</h1>
      <section className="card" aria-labelledby="scr-form-heading">
        <h2 id="scr-form-heading">Request a change</h2>
        {filed ? (
          <>
            <p role="status">Change request #{filed.id} was submitted. Its status is listed below.</p>
            <button type="button" className="btn btn-secondary" onClick={() => form.send({ type: 'form.reset' })}>
              Request another change
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <FormError error={error} />
            <Field label="Title" error={fields.title}>
              {(p) => <input {...p} name="title" required maxLength={LIMITS.title} value={values.title} onChange={set('title')} />}
            </Field>
            <Field label="Description" error={fields.description}>
              {(p) => <textarea {...p} name="description" rows={5} required maxLength={LIMITS.text} value={values.description} onChange={set('description')} />}
            </Field>
            <Field label="Business reason" error={fields.businessReason}>
              {(p) => <textarea {...p} name="businessReason" rows={3} maxLength={LIMITS.text} value={values.businessReason} onChange={set('businessReason')} />}
            </Field>
            <SelectField
              label="Priority"
              name="priority"
              error={fields.priority}
              value={values.priority}
              onChange={set('priority')}
              options={SCR_PRIORITIES.map((pr) => [pr, PRIORITY_LABELS[pr]] as const)}
            />
            <button className="btn" type="submit" disabled={busy}>
              Submit request
            </button>
          </form>
        )}
      </section>
      <section className="card" aria-labelledby="scr-list-heading">
        <h2 id="scr-list-heading">Your company&apos;s requests</h2>
        {failed ? <LoadError error={listError} onRetry={() => list.send({ type: 'query.reload' })} /> : null}
        {page && page.items.length === 0 ? <p>No change requests yet.</p> : null}
        {page && page.items.length > 0 ? (
          <SimpleTable
            rows={page.items}
            rowKey={(s) => s.id}
            columns={[
              { header: 'ID', cell: (s) => s.id },
              { header: 'Title', cell: (s) => s.title },
              { header: 'Priority', cell: (s) => PRIORITY_LABELS[s.priority] },
              { header: 'Status', cell: (s) => <span className="badge badge-status">{SCR_STATUS_LABELS[s.status]}</span> },
              { header: 'Submitted', cell: (s) => formatNumericDate(s.created_at) },
              { header: 'Updated', cell: (s) => formatNumericDate(s.updated_at) },
            ]}
          />
        ) : null}
      </section>
    </>
  );
}
