/** The Overview tab of a company's page: its details (and their editor) and its contacts (edit, remove, add). */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { SIGNUP_POLICY_LABELS, type Company, type CompanyView, type ContactInput } from '@contracts/companies';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { selectAddKey, selectChanging, selectEditor, selectFailureOf, type CompanyPageActor } from '../machines/company-page.machine';
import { CompanyForm, ContactForm } from './company-forms';
import styles from './CompanyViewScreen.module.css';
import { Alert, Button, Card, FormErrorBanner, TextLink } from '@/shared/ui/components';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const NO_FIELDS: Record<string, string> = {};

function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={styles.details}>
      {items.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const detailsOf = (c: Company, counts: CompanyView['ticket_counts']): [string, ReactNode][] => [
  ['Account', c.account_number],
  ['Status', c.status],
  ['Phone', c.phone ?? '—'],
  ['Address', c.address ?? '—'],
  ['Website', c.website ? <TextLink href={c.website}>{c.website}</TextLink> : '—'],
  ['Territory', c.territory ?? '—'],
  ['Account manager', c.account_manager_name ?? '—'],
  ['Managed-services plan', c.ms_plan ?? '—'],
  ['Portal sign-up', `${SIGNUP_POLICY_LABELS[c.signup_policy]}${c.signup_policy === 'email_domains' ? ` (${c.signup_domains.join(', ')})` : ''}`],
  ['Tickets', `${counts.open} open, ${counts.overdue} overdue, ${counts.total} in all`],
];

export function CompanyDetailsCard({ page, view }: { page: CompanyPageActor; view: CompanyView }) {
  const editing = useSelector(page, selectEditor) === 'company';
  const busy = useSelector(page, selectChanging);
  const failure = useSelector(page, selectFailureOf('company'));
  const c = view.company;
  return (
    <Card
      asRegion
      id="company-details"
      title="Company"
      actions={
        editing ? null : (
          <Button size="sm" variant="secondary" onPress={() => page.send({ type: 'company.edit' })}>
            Edit company
          </Button>
        )
      }
    >
      {editing ? (
        <>
          <FormErrorBanner title={failure?.error} />
          <CompanyForm company={c} busy={busy} fieldErrors={failure?.fieldErrors ?? NO_FIELDS} onSave={(payload) => page.send({ type: 'company.save', payload })} onCancel={() => page.send({ type: 'editor.close' })} />
        </>
      ) : (
        <Details items={detailsOf(c, view.ticket_counts)} />
      )}
    </Card>
  );
}

export function CompanyContactsCard({ page, view }: { page: CompanyPageActor; view: CompanyView }) {
  const editor = useSelector(page, selectEditor);
  const busy = useSelector(page, selectChanging);
  const addKey = useSelector(page, selectAddKey);
  const removeFailure = useSelector(page, selectFailureOf('contactRemove'));
  const editFailure = useSelector(page, selectFailureOf('contactEdit'));
  const addFailure = useSelector(page, selectFailureOf('contactAdd'));
  const edited = typeof editor === 'number' ? view.contacts.find((x) => x.id === editor) : undefined;
  return (
    <Card asRegion id="company-contacts" title="Contacts" padding="compact">
      {removeFailure ? <Alert tone="danger" live title={removeFailure.error} /> : null}
      {edited ? (
        <div className={styles.editContact}>
          <FormErrorBanner title={editFailure?.error} />
          <ContactForm
            label={`Edit ${edited.name}`}
            contact={edited}
            busy={busy}
            fieldErrors={editFailure?.fieldErrors ?? NO_FIELDS}
            onSave={(v) => page.send({ type: 'contact.save', id: edited.id, payload: v })}
            onCancel={() => page.send({ type: 'editor.close' })}
          />
        </div>
      ) : null}
      <SimpleTable
        label="Contacts"
        rows={view.contacts}
        rowKey={(k) => k.id}
        empty={TABLE_TEXTS.empty}
        columns={[
          { header: 'Name', cell: (k) => k.name },
          { header: 'Email', cell: (k) => k.email ?? '—' },
          { header: 'Phone', cell: (k) => k.phone ?? '—' },
          { header: 'Title', cell: (k) => k.title ?? '—' },
          {
            header: 'Actions',
            cell: (k) => (
              <span className={styles.rowActions}>
                <Button size="sm" variant="secondary" onPress={() => page.send({ type: 'contact.edit', id: k.id })} aria-label={`Edit ${k.name}`}>
                  Edit
                </Button>
                <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => page.send({ type: 'contact.remove', id: k.id })} aria-label={`Remove ${k.name}`}>
                  Remove
                </Button>
              </span>
            ),
          },
        ]}
      />
      <h3 className={styles.subheading}>Add a contact</h3>
      <FormErrorBanner title={addFailure?.error} />
      <ContactForm key={addKey} label="Add a contact" busy={busy} fieldErrors={addFailure?.fieldErrors ?? NO_FIELDS} onSave={(v) => page.send({ type: 'contact.add', payload: v as ContactInput })} />
    </Card>
  );
}
