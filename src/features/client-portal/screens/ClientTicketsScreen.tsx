import { useActorRef } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { SEVERITIES, SEVERITY_CODES, type Severity } from '@contracts/common/codes';
import type { ClientTicket } from '@contracts/client-portal';
import { CLIENT_PAGE_SIZE, LIMITS } from '@contracts/common/constants';
import { clientTicketTableMachine, createTicketMachine, replyMachine, ticketDetailMachine } from '../machines/client-portal.machines';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { Field, FormError, SelectField, useFieldValues, useFormState, useQueryState } from './form-parts';
import { formatNumericDate, formatNumericDateTime } from '@/shared/ui/tokens/format';

/** The company's tickets in the shared data table (server mode). */
const COLUMNS: DataTableColumn<ClientTicket>[] = [
  { label: 'ID', field: 'id', type: 'number', width: '80px' },
  { label: 'Title', field: 'title', cell: (t) => <Link href={`/tickets?id=${t.id}`}>{t.title}</Link> },
  {
    label: 'Status',
    field: 'status',
    cell: (t) => <StatusBadge code={t.status} />,
    filterOptions: { enabled: true, filterDropdownItems: [{ text: 'Open', value: 'open' }, { text: 'Closed', value: 'closed' }] },
  },
  { label: 'Severity', field: 'severity', cell: (t) => <SeverityBadge code={t.severity} /> },
  { label: 'Created', field: 'created_at', type: 'date', cell: (t) => formatNumericDate(t.created_at), firstSortType: 'desc' },
  { label: 'Updated', field: 'updated_at', type: 'date', cell: (t) => formatNumericDate(t.updated_at), firstSortType: 'desc' },
];

function TicketList() {
  return (
    <section className="card" aria-labelledby="ticket-list-heading">
      <h2 id="ticket-list-heading">Your company&apos;s tickets</h2>
      <DataTable<ClientTicket>
        caption="Your company's tickets"
        columns={COLUMNS}
        machine={clientTicketTableMachine}
        mode="server"
        initialState={{ sort: [{ field: 'created_at', type: 'desc' }], pageSize: CLIENT_PAGE_SIZE }}
      />
    </section>
  );
}

/** The create form; `focus` (the dashboard's "Create a ticket", /tickets?new=1) brings it into view with the title ready. */
function CreateTicket({ focus = false }: { focus?: boolean }) {
  const user = ClientSession.useSelector((s) => s.context.user);
  const form = useActorRef(createTicketMachine, { input: {} });
  const { busy, result: created, error, fields } = useFormState(form);
  const { values, set } = useFieldValues<{ title: string; description: string; severity: Severity; contactName: string; contactEmail: string }>({ title: '', description: '', severity: 'M', contactName: user?.name ?? '', contactEmail: user?.email ?? '' });

  if (created) {
    return (
      <section className="card" aria-labelledby="create-heading">
        <h2 id="create-heading">Ticket created</h2>
        <p role="status">
          Your ticket #{created.id} was created. <Link href={`/tickets?id=${created.id}`}>Open ticket #{created.id}</Link>
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => form.send({ type: 'form.reset' })}>
          Create another ticket
        </button>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: values });
  };
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Create a ticket</h2>
      <form
        onSubmit={submit}
        noValidate
        ref={(el) => {
          if (!focus || !el) return;
          const title = el.querySelector<HTMLInputElement>('input[name="title"]');
          title?.scrollIntoView({ block: 'center' });
          title?.focus({ preventScroll: true });
        }}
      >
        <FormError error={error} />
        <Field label="Title" error={fields.title}>
          {(p) => <input {...p} name="title" required maxLength={LIMITS.title} value={values.title} onChange={set('title')} />}
        </Field>
        <Field label="Description" error={fields.description}>
          {(p) => <textarea {...p} name="description" required rows={5} maxLength={LIMITS.text} value={values.description} onChange={set('description')} />}
        </Field>
        <SelectField
          label="Severity"
          name="severity"
          error={fields.severity}
          value={values.severity}
          onChange={set('severity')}
          options={SEVERITY_CODES.map((c) => [c, SEVERITIES[c]] as const)}
        />
        <Field label="Contact name" error={fields.contactName}>
          {(p) => <input {...p} name="contactName" maxLength={LIMITS.name} value={values.contactName} onChange={set('contactName')} />}
        </Field>
        <Field label="Contact email" error={fields.contactEmail}>
          {(p) => <input {...p} name="contactEmail" type="email" maxLength={LIMITS.email} value={values.contactEmail} onChange={set('contactEmail')} />}
        </Field>
        <button className="btn" type="submit" disabled={busy}>
          Create ticket
        </button>
      </form>
    </section>
  );
}

function TicketDetail({ id }: { id: number }) {
  const detail = useActorRef(ticketDetailMachine, { input: { query: id } });
  const { data: ticket, failed, error } = useQueryState(detail);
  const reply = useActorRef(replyMachine, { input: { reloads: detail, reloadEvent: { type: 'query.reload' } } });
  const { busy: replying, done: replied, error: replyError, fields: replyFields } = useFormState(reply);
  const [body, setBody] = useState('');

  useEffect(() => {
    if (id !== (detail.getSnapshot().context.query as number)) detail.send({ type: 'query.set', query: id });
  }, [id, detail]);
  // A sent reply (the machine reloads the thread) clears the box for the next one.
  useEffect(() => {
    if (!replied) return;
    setBody('');
    reply.send({ type: 'form.reset' });
  }, [replied, reply]);

  if (failed) {
    return (
      <section className="card">
        <h2>Ticket not found</h2>
        <p role="alert">{error}</p>
        <Link href="/tickets">Back to the list</Link>
      </section>
    );
  }
  if (!ticket) return <Spinner label="Loading the ticket" />;
  return (
    <article className="card" aria-labelledby="ticket-heading">
      <p>
        <Link href="/tickets">Back to the list</Link>
      </p>
      <h2 id="ticket-heading">
        #{ticket.id} {ticket.title}
      </h2>
      <p>
        <StatusBadge code={ticket.status} /> <SeverityBadge code={ticket.severity} /> Opened {formatNumericDateTime(ticket.created_at)} by{' '}
        {ticket.contact_name ?? '—'}
      </p>
      <p className="ticket-description">{ticket.description}</p>
      <h3>Conversation</h3>
      {ticket.notes.length === 0 ? <p>No replies yet.</p> : null}
      <ol className="thread">
        {ticket.notes.map((n) => (
          <li key={n.id} className={n.fromClient ? 'note note-client' : 'note'}>
            <div className="muted">
              {n.author}, {formatNumericDateTime(n.created_at)}
            </div>
            <p>{n.body}</p>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          reply.send({ type: 'form.submit', input: { id, body } });
        }}
        noValidate
      >
        <FormError error={replyError} />
        <Field label="Your reply" error={replyFields.body}>
          {(p) => <textarea {...p} name="reply" rows={4} maxLength={LIMITS.text} value={body} onChange={(e) => setBody(e.target.value)} />}
        </Field>
        <button className="btn" type="submit" disabled={replying}>
          Send reply
        </button>
      </form>
    </article>
  );
}

export default function ClientTicketsScreen() {
  const params = new URLSearchParams(useSearch());
  const id = Number(params.get('id'));
  return (
    <>
      <h1>Tickets</h1>
      {Number.isInteger(id) && id > 0 ? (
        <TicketDetail id={id} />
      ) : (
        <>
          {/* The list first: what the company already asked is what people come to see. */}
          <TicketList />
          <CreateTicket focus={params.get('new') === '1'} />
        </>
      )}
    </>
  );
}
