/** The company page's forms: a contact (new or edited) and the company's details. What is typed stays here; the page's machine saves it. */
import { useState } from 'react';
import { COMPANY_STATUSES, type Company, type Contact, type UpdateCompanyInput } from '@contracts/companies';
import { LIMITS } from '@contracts/common/constants';
import { Button, Form, FormActions, FormGrid, FormGridItem, Select, TextField } from '@/shared/ui/components';

const STATUS_OPTIONS = COMPANY_STATUSES.map((s) => ({ id: s, label: s }));

export type ContactValues = { name: string; email: string; phone: string; title: string };
const valuesOf = (c?: Contact): ContactValues => ({ name: c?.name ?? '', email: c?.email ?? '', phone: c?.phone ?? '', title: c?.title ?? '' });

export function ContactForm({
  contact,
  onSave,
  onCancel,
  label,
  busy,
  fieldErrors,
}: {
  contact?: Contact;
  onSave: (v: ContactValues) => void;
  onCancel?: () => void;
  label: string;
  busy: boolean;
  fieldErrors: Record<string, string>;
}) {
  const [v, setV] = useState<ContactValues>(() => valuesOf(contact));
  const set = (k: keyof ContactValues) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  return (
    <Form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        // A new contact sends only what was filled in; an edit sends every field (an emptied one clears it).
        onSave(contact ? v : (Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')) as ContactValues));
      }}
    >
      <FormGrid columns={4}>
        <TextField label="Name" name="name" value={v.name} onChange={set('name')} isRequired maxLength={LIMITS.name} errorMessage={fieldErrors.name} />
        <TextField label="Email" name="email" type="email" value={v.email} onChange={set('email')} maxLength={LIMITS.email} errorMessage={fieldErrors.email} />
        <TextField label="Phone" name="phone" type="tel" value={v.phone} onChange={set('phone')} maxLength={40} errorMessage={fieldErrors.phone} />
        <TextField label="Title" name="title" value={v.title} onChange={set('title')} maxLength={LIMITS.name} errorMessage={fieldErrors.title} />
      </FormGrid>
      <FormActions>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant={contact ? 'primary' : 'secondary'} isDisabled={busy}>
          {contact ? 'Save contact' : 'Add contact'}
        </Button>
      </FormActions>
    </Form>
  );
}

export function CompanyForm({ company: c, busy, fieldErrors, onSave, onCancel }: { company: Company; busy: boolean; fieldErrors: Record<string, string>; onSave: (p: UpdateCompanyInput) => void; onCancel: () => void }) {
  const [v, setV] = useState({ name: c.name, account_number: c.account_number, phone: c.phone ?? '', address: c.address ?? '', website: c.website ?? '', territory: c.territory ?? '' });
  const [status, setStatus] = useState<Company['status']>(c.status);
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  return (
    <Form
      aria-label="Edit company"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...v, status });
      }}
    >
      <FormGrid columns={2}>
        <TextField label="Name" name="name" value={v.name} onChange={set('name')} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.name} />
        <TextField label="Account number" name="account_number" value={v.account_number} onChange={set('account_number')} isRequired maxLength={40} errorMessage={fieldErrors.account_number} />
        <TextField label="Phone" name="phone" type="tel" value={v.phone} onChange={set('phone')} maxLength={40} errorMessage={fieldErrors.phone} />
        <TextField label="Website" name="website" type="url" value={v.website} onChange={set('website')} maxLength={300} errorMessage={fieldErrors.website} />
        <FormGridItem span="full">
          <TextField label="Address" name="address" value={v.address} onChange={set('address')} maxLength={500} errorMessage={fieldErrors.address} />
        </FormGridItem>
        <TextField label="Territory" name="territory" value={v.territory} onChange={set('territory')} maxLength={LIMITS.name} errorMessage={fieldErrors.territory} />
        <Select label="Status" name="status" items={STATUS_OPTIONS} value={status} onChange={(k) => setStatus(k as Company['status'])} errorMessage={fieldErrors.status} />
      </FormGrid>
      <FormActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save company
        </Button>
      </FormActions>
    </Form>
  );
}
