import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation } from 'wouter';
import { COMPANY_STATUSES, type CreateCompanyInput } from '@contracts/companies';
import { LIMITS } from '@contracts/common/constants';
import { createCompanyScreenMachine, selectForm } from '../machines/create-company.machine';
import { StaffPicker } from '@/shared/pickers';
import { Breadcrumbs, FormGridItem, Select, TextArea, TextField } from '@/shared/ui/components';
import { RecordForm } from '@/shared/ui/record-form';

type TextKey = 'name' | 'account_number' | 'phone' | 'address' | 'website' | 'territory' | 'ms_plan';
const FIELDS: { name: TextKey; label: string; max: number; type?: 'tel' | 'url'; required?: boolean; description?: string; wide?: boolean }[] = [
  { name: 'name', label: 'Name', max: LIMITS.title, required: true },
  { name: 'account_number', label: 'Account number', max: 40, required: true, description: 'Letters, digits and dashes.' },
  { name: 'phone', label: 'Phone', max: 40, type: 'tel' },
  { name: 'website', label: 'Website', max: 300, type: 'url', description: 'An http:// or https:// address.' },
  { name: 'address', label: 'Address', max: 500, wide: true },
  { name: 'territory', label: 'Territory', max: LIMITS.name },
  { name: 'ms_plan', label: 'Managed-services plan', max: LIMITS.name },
];
type CompanyStatus = (typeof COMPANY_STATUSES)[number];
const NO_ERRORS: Record<string, string> = {};
const STATUS_OPTIONS = COMPANY_STATUSES.map((s) => ({ id: s, label: s }));

/** /create/company: a new client company; opens its page once created. */
export default function CreateCompanyScreen() {
  const [, navigate] = useLocation();
  const screen = useActorRef(createCompanyScreenMachine);
  const form = useSelector(screen, selectForm);
  const fieldErrors = useSelector(form, (s) => s?.context.fieldErrors ?? NO_ERRORS);
  const error = useSelector(form, (s) => s?.context.error ?? null);
  const refusals = useSelector(form, (s) => s?.context.refusals ?? 0);
  const busy = useSelector(form, (s) => s?.hasTag('busy') ?? false);
  const [values, setValues] = useState<Record<TextKey, string>>({ name: '', account_number: '', phone: '', address: '', website: '', territory: '', ms_plan: '' });
  const [status, setStatus] = useState<CompanyStatus>('active');
  const [notes, setNotes] = useState('');
  const [manager, setManager] = useState<number | null>(null);
  // The machine says which page opens next (the new company, or back on Cancel).
  useEffect(() => {
    const sub = screen.on('page.navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [screen, navigate]);

  const input = (): CreateCompanyInput => {
    const body: CreateCompanyInput = { name: values.name, account_number: values.account_number, status };
    for (const f of FIELDS) if (f.name !== 'name' && f.name !== 'account_number' && values[f.name] !== '') body[f.name] = values[f.name];
    if (notes !== '') body.notes = notes;
    if (manager !== null) body.account_manager_id = manager;
    return body;
  };
  /** A setter that also tells the form machine the field changed (its message goes). */
  const changed =
    <T,>(field: keyof CreateCompanyInput, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      screen.send({ type: 'form.change', field });
    };

  return (
    <RecordForm
      title="Create Company"
      subtitle="A client company: its account, how to reach it and who looks after it."
      breadcrumbs={<Breadcrumbs items={[{ label: 'Company Search', href: '/company/search' }, { label: 'Create Company' }]} />}
      error={error}
      fieldErrors={fieldErrors}
      refusals={refusals}
      onFieldBlur={(field) => screen.send({ type: 'form.blur', field, input: input() })}
      busy={busy}
      submitLabel="Create company"
      onSubmit={() => screen.send({ type: 'form.submit', input: input() })}
      onCancel={() => screen.send({ type: 'form.cancel' })}
    >
      {FIELDS.map((f) => {
        const field = (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type}
            value={values[f.name]}
            onChange={changed(f.name, (v: string) => setValues((old) => ({ ...old, [f.name]: v })))}
            maxLength={f.max}
            isRequired={f.required}
            description={f.description}
            errorMessage={fieldErrors[f.name]}
          />
        );
        return f.wide ? (
          <FormGridItem key={f.name} span="full">
            {field}
          </FormGridItem>
        ) : (
          field
        );
      })}
      <Select label="Status" name="status" items={STATUS_OPTIONS} value={status} onChange={changed('status', (k: Key | null) => setStatus(k as CompanyStatus))} errorMessage={fieldErrors.status} />
      <StaffPicker
        label="Account manager"
        placeholder="Search staff by name"
        description="The staff member who looks after this client."
        errorMessage={fieldErrors.account_manager_id}
        value={manager}
        onChange={changed('account_manager_id', (id: number | null) => setManager(id))}
      />
      <FormGridItem span="full">
        <TextArea label="Notes" name="notes" value={notes} onChange={changed('notes', setNotes)} rows={3} maxLength={LIMITS.text} errorMessage={fieldErrors.notes} />
      </FormGridItem>
    </RecordForm>
  );
}
