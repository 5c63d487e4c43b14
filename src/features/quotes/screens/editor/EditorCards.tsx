import { useSelector } from '@xstate/react';
import { QUOTE_LIMITS, type QuoteType } from '@contracts/quotes';
import { Card, ComboBox, Select } from '@/shared/ui/components';
import { pickerApi } from '../../api';
import { typedPercent, type DraftForm } from '../../machines/draft';
import type { QuoteEditorActor } from '../../machines/editor-sessions';
import { selectContactsRef, selectDraft, selectFieldErrors } from '../../machines/quote-editor.machine';
import styles from '../quotes.module.css';
import { QUOTE_TYPE_OPTIONS } from '../quote-type-options';
import type { FocusTargets } from './use-quote-editor';

type CardProps = { editor: QuoteEditorActor; focus: FocusTargets };

/** Sends a change of some fields of the draft. */
const editOf = (editor: QuoteEditorActor, draft: DraftForm) => (patch: Partial<DraftForm>) => editor.send({ type: 'draft.edit', draft: { ...draft, ...patch } });

/** The picked company's contacts with their email; picking one makes them the quote's contact (who receives it). */
function ContactPicker({ editor, focus }: CardProps) {
  const draft = useSelector(editor, selectDraft);
  const contactsRef = useSelector(editor, selectContactsRef);
  const contacts = useSelector(contactsRef, (s) => s.context.data) ?? [];
  const loading = useSelector(contactsRef, (s) => s.matches('loading'));
  const items = contacts.map((c) => ({ id: c.id, label: c.name, description: c.email || 'No email', isDisabled: !c.email }));
  const selected = contacts.find((c) => c.email !== '' && c.email === draft.contactEmail && c.name === draft.contactName)?.id ?? null;
  return (
    <Select
      {...focus('contact')}
      label="Contact"
      items={items}
      selectedKey={selected}
      placeholder={loading ? 'Loading contacts…' : contacts.length ? 'Choose a contact' : 'This company has no contacts: type one below'}
      description="Who receives the quote; or type a name and email below."
      onSelectionChange={(key) => {
        const picked = contacts.find((c) => c.id === key);
        if (picked) editor.send({ type: 'contact.pick', name: picked.name, email: picked.email });
      }}
    />
  );
}

/** Who the quote is for: an existing company, or a new client saved as a prospect; and who receives it. */
export function ClientCard({ editor, focus }: CardProps) {
  const draft = useSelector(editor, selectDraft);
  const fieldErrors = useSelector(editor, selectFieldErrors);
  const edit = editOf(editor, draft);
  return (
    <Card title="Client" asRegion>
      <div className={styles.stack}>
        <fieldset className={styles.choices}>
          <legend className="sr-only">Who the quote is for</legend>
          <label>
            <input {...focus('clientMode.company')} type="radio" name="clientMode" checked={draft.clientMode === 'company'} onChange={() => edit({ clientMode: 'company' })} /> An existing company
          </label>
          <label>
            <input {...focus('clientMode.new')} type="radio" name="clientMode" checked={draft.clientMode === 'new'} onChange={() => edit({ clientMode: 'new', companyId: null })} /> A new client (saved as a prospect)
          </label>
        </fieldset>
        <div className={styles.grid2}>
          {draft.clientMode === 'company' ? (
            <ComboBox
              {...focus('company')}
              label="Company"
              loader={pickerApi.companies}
              defaultInputValue={draft.companyName}
              placeholder="Search by name or account number"
              errorMessage={fieldErrors.companyId}
              onPick={(option) => editor.send({ type: 'company.pick', id: Number(option.id), name: option.label })}
            />
          ) : (
            <label>
              New client&apos;s company name
              <input {...focus('clientName')} value={draft.clientName} maxLength={200} onChange={(e) => edit({ clientName: e.target.value })} aria-invalid={Boolean(fieldErrors.companyId)} />
            </label>
          )}
          {draft.clientMode === 'company' && draft.companyId !== null ? <ContactPicker editor={editor} focus={focus} /> : null}
          <label>
            Contact name
            <input {...focus('contactName')} value={draft.contactName} maxLength={120} onChange={(e) => edit({ contactName: e.target.value })} />
          </label>
          <label>
            Contact email (receives the quote)
            <input
              {...focus('contactEmail')}
              type="email"
              value={draft.contactEmail}
              maxLength={254}
              onChange={(e) => edit({ contactEmail: e.target.value })}
              aria-invalid={Boolean(fieldErrors.contactEmail)}
              aria-describedby="contact-email-err"
            />
            <span id="contact-email-err" className={styles.errorCell}>{fieldErrors.contactEmail}</span>
          </label>
        </div>
      </div>
    </Card>
  );
}

/** The quote's type (its layout), title, validity and tax rate. */
export function QuoteCard({ editor, focus }: CardProps) {
  const draft = useSelector(editor, selectDraft);
  const fieldErrors = useSelector(editor, selectFieldErrors);
  const edit = editOf(editor, draft);
  return (
    <Card title="Quote" asRegion>
      <div className={styles.grid2}>
        <Select {...focus('type')} label="Type" items={QUOTE_TYPE_OPTIONS} value={draft.type} onChange={(key) => key && edit({ type: key as QuoteType })} />
        <label>
          Title
          <input {...focus('title')} value={draft.title} maxLength={200} onChange={(e) => edit({ title: e.target.value })} />
        </label>
        <label>
          Valid until
          <input
            {...focus('validUntil')}
            type="date"
            value={draft.validUntil}
            onChange={(e) => e.target.value && edit({ validUntil: e.target.value })}
            aria-invalid={Boolean(fieldErrors.validUntil)}
            aria-describedby="valid-err"
          />
          <span id="valid-err" className={styles.errorCell}>{fieldErrors.validUntil}</span>
        </label>
        <label>
          Tax rate (%) on taxable lines
          <input {...focus('taxRate')} inputMode="decimal" defaultValue={String(draft.taxRatePercent)} onChange={(e) => edit({ taxRatePercent: typedPercent(e.target.value, draft.taxRatePercent) })} />
        </label>
      </div>
    </Card>
  );
}

/** Notes for the client and the terms. */
export function NotesCard({ editor, focus }: CardProps) {
  const draft = useSelector(editor, selectDraft);
  const edit = editOf(editor, draft);
  return (
    <Card title="Notes and terms" asRegion>
      <div className={styles.grid2}>
        <label>
          Notes (shown to the client)
          <textarea {...focus('notes')} rows={4} value={draft.notes} maxLength={QUOTE_LIMITS.notesMax} onChange={(e) => edit({ notes: e.target.value })} />
        </label>
        <label>
          Terms
          <textarea {...focus('terms')} rows={4} value={draft.terms} maxLength={QUOTE_LIMITS.notesMax} onChange={(e) => edit({ terms: e.target.value })} />
        </label>
      </div>
    </Card>
  );
}
