import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { COMPANY_STATUSES, type CreateCompanyInput } from '@contracts/companies';
import { LIMITS } from '@contracts/common/constants';
import { createCompanyMachine } from '../machines/companies.machines';
import { FieldError, FieldsForm } from '@/shared/ui/parts';

const FIELDS: { name: keyof CreateCompanyInput; label: string; max: number; type?: string }[] = [
  { name: 'name', label: 'Name', max: LIMITS.title },
  { name: 'account_number', label: 'Account number', max: 40 },
  { name: 'phone', label: 'Phone', max: 40, type: 'tel' },
  { name: 'address', label: 'Address', max: 500 },
  { name: 'website', label: 'Website', max: 300, type: 'url' },
  { name: 'territory', label: 'Territory', max: LIMITS.name },
  { name: 'ms_plan', label: 'Managed-services plan', max: LIMITS.name },
];

export default function CreateCompanyScreen() {
  const [, navigate] = useLocation();
  const form = useActorRef(createCompanyMachine, { input: {} });
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => s.context.result?.company.id);
  useEffect(() => {
    if (created) navigate(`/company/${created}`);
  }, [created, navigate]);
  return (
    <>
      <h1>Create Company</h1>
      <FieldsForm onFields={(v) => form.send({ type: 'form.submit', input: { ...v, name: v.name ?? '', account_number: v.account_number ?? '' } as CreateCompanyInput })}>
        {error ? <div className="form-error wide" role="alert">{error}</div> : null}
        {FIELDS.map((f) => (
          <label key={f.name}>
            {f.label}
            <input name={f.name} type={f.type ?? 'text'} maxLength={f.max} aria-invalid={Boolean(fieldErrors[f.name])} aria-describedby={`${f.name}-error`} />
            <FieldError id={`${f.name}-error`} message={fieldErrors[f.name]} />
          </label>
        ))}
        <label>
          Status
          <select name="status" defaultValue="active">
            {COMPANY_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label className="wide">
          Notes
          <textarea name="notes" rows={3} maxLength={LIMITS.text} />
        </label>
        <button type="submit" className="btn" disabled={busy}>Create company</button>
      </FieldsForm>
    </>
  );
}
