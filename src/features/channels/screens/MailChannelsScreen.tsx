import { Suspense, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { QUEUES, SEVERITIES, severityLabel } from '@contracts/common/codes';
import { MAIL_LIMITS, type MailChannel, type MailChannelInput, type MailMessage } from '@contracts/mail-channels';
import type { ActorRefFrom } from 'xstate';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { inspection } from '@/shared/inspection';
import { CompanyPicker } from '@/shared/pickers';
import { Alert, Badge, Button, Card, Checkbox, DateTime, EmptyState, Form, FormActions, FormGrid, PageHeader, QueryView, RelativeTime, Select, Skeleton, SkeletonCard, TextField, TextLink, type BadgeTone } from '@/shared/ui/components';
import { mailChannelsMachine, mailMessagesMachine, originalMachine, reviewMessageMachine, type saveChannelMachine } from '../machines/channels.machines';
import { mailChannelsScreenMachine, selectEditing, selectForm, selectFormKey } from '../machines/mail-channels-screen.machine';
import styles from './MailChannelsScreen.module.css';

const KIND_OPTIONS = [
  { id: 'imap', label: 'IMAP mailbox (the app reads it)' },
  { id: 'smtp', label: 'SMTP listener (mail is forwarded to it)' },
];
const QUEUE_OPTIONS = QUEUES.map((q) => ({ id: q, label: q }));
const SEVERITY_OPTIONS = Object.keys(SEVERITIES).map((s) => ({ id: s, label: severityLabel(s) }));
const OUTCOME: Record<MailMessage['outcome'], { label: string; tone: BadgeTone }> = {
  ticket: { label: 'New ticket', tone: 'success' },
  note: { label: 'Reply added', tone: 'success' },
  review: { label: 'Needs review', tone: 'warning' },
  ignored: { label: 'Ignored', tone: 'neutral' },
  bounce: { label: 'Bounce', tone: 'danger' },
};
const STATE_TONE: Record<string, BadgeTone> = { idle: 'success', polling: 'success', listening: 'success', processing: 'info', connecting: 'info', backoff: 'danger', error: 'danger', stopped: 'neutral' };

type FormText = 'name' | 'kind' | 'address' | 'queue' | 'severity' | 'imapHost' | 'imapPort' | 'imapUser' | 'imapPassword' | 'imapFolder' | 'listenHost' | 'listenPort' | 'maxBytes';
type FormValues = Record<FormText, string> & { enabled: boolean; imapTls: boolean };
const EMPTY: FormValues = {
  name: '', kind: 'imap', enabled: false, address: '', queue: 'Support', severity: 'M', imapHost: '', imapPort: '993', imapTls: true, imapUser: '', imapPassword: '',
  imapFolder: 'INBOX', listenHost: '127.0.0.1', listenPort: '2525', maxBytes: String(25 * 1024 * 1024),
};
const valuesOf = (c: MailChannel): FormValues => ({
  name: c.name, kind: c.kind, enabled: c.enabled, address: c.address, queue: c.queue, severity: c.severity, imapHost: c.imapHost ?? '', imapPort: String(c.imapPort ?? ''),
  imapTls: c.imapTls, imapUser: c.imapUser ?? '', imapPassword: '', imapFolder: c.imapFolder, listenHost: c.listenHost ?? '', listenPort: String(c.listenPort ?? ''), maxBytes: String(c.maxBytes),
});
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
function bodyOf(v: FormValues): MailChannelInput {
  const common = { name: v.name, kind: v.kind as MailChannelInput['kind'], enabled: v.enabled, address: v.address, queue: v.queue as MailChannelInput['queue'], severity: v.severity as MailChannelInput['severity'] };
  return v.kind === 'imap'
    ? { ...common, imapHost: v.imapHost, imapPort: num(v.imapPort), imapTls: v.imapTls, imapUser: v.imapUser, imapFolder: v.imapFolder, ...(v.imapPassword ? { imapPassword: v.imapPassword } : {}) }
    : { ...common, listenHost: v.listenHost, listenPort: num(v.listenPort), maxBytes: num(v.maxBytes) };
}

const REVIEW_NOTICES: SubmitNotices<{ id: number; companyId: number | null }, MailMessage> = {
  saved: (m) => (m.ticketId ? `Ticket #${m.ticketId} made from the message` : 'Message set aside'),
  failed: 'The message was not filed',
};

function ChannelRow({ channel: c, onEdit }: { channel: MailChannel; onEdit: () => void }) {
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <h3 className={styles.subject}>{c.name}</h3>
        <Badge tone={c.enabled ? (STATE_TONE[c.state] ?? 'neutral') : 'neutral'}>{c.enabled ? c.state : 'Off'}</Badge>
      </div>
      <p className={styles.meta}>
        <span>{c.kind === 'imap' ? `IMAP ${c.imapUser ?? ''} on ${c.imapHost ?? ''}:${c.imapPort ?? ''} · ${c.imapFolder}` : `SMTP listener on ${c.listenHost ?? ''}:${c.listenPort ?? ''}`}</span>
        <span aria-hidden="true">·</span>
        <span>{c.address}</span>
        <span aria-hidden="true">·</span>
        <span>
          {c.queue}, {severityLabel(c.severity)}
        </span>
        {c.lastCheckedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              checked <RelativeTime value={c.lastCheckedAt} />
            </span>
          </>
        ) : null}
      </p>
      {c.lastError ? <p className={styles.error}>Last error: {c.lastError}</p> : null}
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onPress={onEdit} aria-label={`Edit ${c.name}`}>
          Edit
        </Button>
      </div>
    </li>
  );
}

/** The channel form: what is typed stays through a refused save; the screen starts it again (a new key) once saved. */
function ChannelForm({ form, editing, onCancel }: { form: ActorRefFrom<typeof saveChannelMachine>; editing: MailChannel | null; onCancel: () => void }) {
  const [v, setV] = useState<FormValues>(editing ? valuesOf(editing) : EMPTY);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const saveError = useSelector(form, (s) => s.context.error);
  const saving = useSelector(form, (s) => s.hasTag('busy'));
  const set = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    form.send({ type: 'form.change', field: key });
  };
  return (
        <Card title={editing ? `Edit ${editing.name}` : 'Add a channel'} description="A channel is off until you switch it on. Mailbox passwords are stored encrypted and never shown again." headingLevel={2}>
          <Form
            aria-label={editing ? 'Edit the channel' : 'Add a channel'}
            validationErrors={fieldErrors}
            onSubmit={(e) => {
              e.preventDefault();
              form.send({ type: 'form.submit', input: { id: editing?.id ?? null, body: bodyOf(v) } });
            }}
          >
            {/* A reason the server gave for one field shows beside it, not twice. */}
            {saveError && !Object.values(fieldErrors).includes(saveError) ? <Alert tone="danger" title={saveError} /> : null}
            <FormGrid columns={3}>
              <TextField label="Name" name="name" value={v.name} onChange={set('name')} isRequired maxLength={120} errorMessage={fieldErrors.name} />
              <Select label="Kind" name="kind" items={KIND_OPTIONS} selectedKey={v.kind} onSelectionChange={(k) => set('kind')(String(k))} />
              <TextField label="Address clients write to" name="address" type="email" value={v.address} onChange={set('address')} isRequired errorMessage={fieldErrors.address} />
              <Select label="Queue" name="queue" items={QUEUE_OPTIONS} selectedKey={v.queue} onSelectionChange={(k) => set('queue')(String(k))} />
              <Select label="Priority of new tickets" name="severity" items={SEVERITY_OPTIONS} selectedKey={v.severity} onSelectionChange={(k) => set('severity')(String(k))} />
              <Checkbox isSelected={v.enabled} onChange={set('enabled')}>
                On
              </Checkbox>
              {v.kind === 'imap' ? (
                <>
                  <TextField label="IMAP server" name="imapHost" value={v.imapHost} onChange={set('imapHost')} isRequired errorMessage={fieldErrors.imapHost} />
                  <TextField label="Port" name="imapPort" inputMode="numeric" value={v.imapPort} onChange={set('imapPort')} isRequired errorMessage={fieldErrors.imapPort} />
                  <Checkbox isSelected={v.imapTls} onChange={set('imapTls')}>
                    TLS
                  </Checkbox>
                  <TextField label="Mailbox user" name="imapUser" value={v.imapUser} onChange={set('imapUser')} isRequired errorMessage={fieldErrors.imapUser} />
                  <TextField
                    label="Password"
                    name="imapPassword"
                    type="password"
                    value={v.imapPassword}
                    onChange={set('imapPassword')}
                    description={editing ? 'Leave blank to keep the stored password' : undefined}
                    errorMessage={fieldErrors.imapPassword}
                  />
                  <TextField label="Folder" name="imapFolder" value={v.imapFolder} onChange={set('imapFolder')} errorMessage={fieldErrors.imapFolder} />
                </>
              ) : (
                <>
                  <TextField label="Listen on address" name="listenHost" value={v.listenHost} onChange={set('listenHost')} isRequired errorMessage={fieldErrors.listenHost} />
                  <TextField label="Port" name="listenPort" inputMode="numeric" value={v.listenPort} onChange={set('listenPort')} isRequired errorMessage={fieldErrors.listenPort} />
                  <TextField
                    label="Largest message (bytes)"
                    name="maxBytes"
                    inputMode="numeric"
                    value={v.maxBytes}
                    onChange={set('maxBytes')}
                    description={`At most ${MAIL_LIMITS.listenerMaxBytes.toLocaleString('en-US')} bytes (${Math.round(MAIL_LIMITS.listenerMaxBytes / 1024 / 1024)} MB)`}
                    errorMessage={fieldErrors.maxBytes}
                  />
                </>
              )}
            </FormGrid>
            <FormActions>
              <Button type="submit" variant="primary" isDisabled={saving}>
                {editing ? 'Save channel' : 'Add channel'}
              </Button>
              {editing ? (
                <Button
                  variant="secondary"
                  onPress={onCancel}
                >
                  Cancel
                </Button>
              ) : null}
            </FormActions>
          </Form>
        </Card>
  );
}

/** Admins configure the channels mail arrives by, and file what nobody could be matched to. */
export default function MailChannelsScreen() {
  const channels = useActorRef(mailChannelsMachine, { input: { query: undefined } });
  const messages = useActorRef(mailMessagesMachine, { input: { query: { page: 1, open: true } } });
  const formScreen = useActorRef(mailChannelsScreenMachine, { input: { channels }, inspect: inspection.inspect });
  const form = useSelector(formScreen, selectForm);
  const editing = useSelector(formScreen, selectEditing);
  const formKey = useSelector(formScreen, selectFormKey);
  const original = useActorRef(originalMachine, { input: {} });
  const review = useActorRef(reviewMessageMachine, { input: { reloads: messages, reloadEvent: { type: 'query.reload' }, notices: REVIEW_NOTICES } });
  const reviewing = useSelector(review, (s) => s.hasTag('busy'));
  const originalText = useSelector(original, (s) => s.context.result);
  const originalId = useSelector(original, (s) => s.context.sent);
  const query = useSelector(messages, (s) => s.context.query);
  const page = useSelector(messages, (s) => s.context.data);
  const [companies, setCompanies] = useState<Record<number, number | null>>({});
  const last = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <div className={styles.page}>
      <PageHeader title="Email in" subtitle="Mail to these channels becomes tickets; replies become notes on their ticket. What cannot be matched waits for review here." />

      <Card title="Channels" headingLevel={2} padding="none">
        <QueryView
          actor={channels}
          errorFallback="The channels could not be loaded"
          loading={<SkeletonCard label="Loading the channels" />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title="No channels yet." text="Add a mailbox the app reads, or a listener your mail server forwards to." />}
        >
          {(list) => (
            <ul className={styles.list}>
              {list.map((c) => (
                <ChannelRow
                  key={c.id}
                  channel={c}
                  onEdit={() => formScreen.send({ type: 'channel.edit', channel: c })}
                />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>

      <ChannelForm key={formKey} form={form} editing={editing} onCancel={() => formScreen.send({ type: 'edit.cancel' })} />

      <Card
        title={query.open ? 'Waiting for review' : 'Received mail'}
        headingLevel={2}
        padding="none"
        description={query.open ? 'Messages from unknown senders, too large, or unreadable. Make a ticket of a company from one, or set it aside.' : 'Every message received, newest first, and what became of it.'}
      >
        <div className={styles.actions} style={{ padding: '0 var(--cc-space-4)' }}>
          <Button size="sm" variant="secondary" onPress={() => messages.send({ type: 'query.set', query: { page: 1, open: !query.open } })}>
            {query.open ? 'Show all received mail' : 'Show only what needs review'}
          </Button>
        </div>
        <QueryView
          actor={messages}
          errorFallback="The messages could not be loaded"
          loading={<SkeletonCard label="Loading the messages" />}
          isEmpty={(p) => p.rows.length === 0}
          empty={<EmptyState title={query.open ? 'Nothing waits for review.' : 'No mail received yet.'} text="Messages show here as the channels receive them." />}
        >
          {(p) => (
            <ul className={styles.list}>
              {p.rows.map((m) => (
                <li key={m.id} className={styles.item}>
                  <article aria-labelledby={`mail-${m.id}`}>
                    <div className={styles.head}>
                      <h3 id={`mail-${m.id}`} className={styles.subject}>
                        {m.subject || '(no subject)'}
                      </h3>
                      <Badge tone={OUTCOME[m.outcome].tone}>{m.reviewedAt && m.outcome === 'review' ? 'Set aside' : OUTCOME[m.outcome].label}</Badge>
                    </div>
                    <p className={styles.meta}>
                      <span>From {m.from ?? 'unknown'}</span>
                      <span aria-hidden="true">·</span>
                      <span>{m.channel}</span>
                      <span aria-hidden="true">·</span>
                      <DateTime value={m.receivedAt} />
                      {m.spf || m.dkim ? (
                        <>
                          <span aria-hidden="true">·</span>
                          <span>
                            SPF {m.spf ?? 'none'}, DKIM {m.dkim ?? 'none'}
                          </span>
                        </>
                      ) : null}
                    </p>
                    <p className={styles.meta}>
                      {m.reason}
                      {m.ticketId ? (
                        <>
                          {' '}
                          <TextLink href={`/ticket/${m.ticketId}`}>Open ticket #{m.ticketId}</TextLink>
                        </>
                      ) : null}
                    </p>
                    <div className={styles.actions}>
                      <Button size="sm" variant="secondary" onPress={() => original.send({ type: 'form.submit', input: m.id })} aria-label={`Show the original of ${m.subject ?? 'the message'}`}>
                        Show original
                      </Button>
                      {m.outcome === 'review' && !m.reviewedAt ? (
                        <>
                          <Suspense fallback={<Skeleton height="2.5rem" />}>
                            <CompanyPicker label="Company" className={styles.picker} value={companies[m.id] ?? null} onChange={(id) => setCompanies((old) => ({ ...old, [m.id]: id }))} placeholder="Search companies" />
                          </Suspense>
                          <Button size="sm" variant="primary" isDisabled={reviewing || !companies[m.id]} onPress={() => review.send({ type: 'form.submit', input: { id: m.id, companyId: companies[m.id] ?? null } })}>
                            Make ticket
                          </Button>
                          <Button size="sm" variant="secondary" isDisabled={reviewing} onPress={() => review.send({ type: 'form.submit', input: { id: m.id, companyId: null } })}>
                            Set aside
                          </Button>
                        </>
                      ) : null}
                    </div>
                    {originalId === m.id && originalText !== undefined && originalText !== null ? <pre className={`${styles.body} ${styles.original}`} aria-label="Original message">{originalText}</pre> : null}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      {page && page.total > page.pageSize ? (
        <nav className={styles.pager} aria-label="Pages">
          <Button size="sm" variant="secondary" isDisabled={query.page <= 1} onPress={() => messages.send({ type: 'query.set', query: { ...query, page: query.page - 1 } })}>
            Previous
          </Button>
          <span>
            page {query.page} of {last} · {page.total} messages
          </span>
          <Button size="sm" variant="secondary" isDisabled={query.page >= last} onPress={() => messages.send({ type: 'query.set', query: { ...query, page: query.page + 1 } })}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
