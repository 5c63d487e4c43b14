import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { ClientSession } from '../../app/client-session';
import { SEVERITIES, SEVERITY_CODES } from '../../contracts/codes';
import type { ClientTicket, ClientTicketDetail, ClientTicketListQuery, Page } from '../../contracts/client-portal';
import { CLIENT_PAGE_SIZE, LIMITS } from '../../contracts/constants';
import { createTicketMachine, replyMachine, ticketDetailMachine, ticketListMachine } from '../../machines/client/client-portal.machines';
import { SeverityBadge, StatusBadge } from '../ui/Badges';
import { Spinner } from '../ui/Spinner';
import { Field, formatDate, formatDateTime, FormError, LoadError } from './form-parts';

type Query = { page: number; status: NonNullable<ClientTicketListQuery['status']>; sort: NonNullable<ClientTicketListQuery['sort']>; dir: 'asc' | 'desc'; q: string };
const FIRST: Query = { page: 1, status: 'all', sort: 'created_at', dir: 'desc', q: '' };
const COLUMNS: { key: Query['sort']; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status' },
  { key: 'severity', label: 'Severity' },
  { key: 'created_at', label: 'Created' },
  { key: 'updated_at', label: 'Updated' },
];

function TicketList() {
  const list = useActorRef(ticketListMachine, { input: { query: { ...FIRST, pageSize: CLIENT_PAGE_SIZE } } });
  const query = useSelector(list, (s) => s.context.query as Query);
  const page = useSelector(list, (s) => s.context.data as Page<ClientTicket> | undefined);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const failed = useSelector(list, (s) => s.matches('failed'));
  const error = useSelector(list, (s) => s.context.error);
  const [search, setSearch] = useState('');
  const set = (patch: Partial<Query>) => list.send({ type: 'query.set', query: { ...query, page: 1, ...patch, pageSize: CLIENT_PAGE_SIZE } });
  const lastPage = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <section className="card" aria-labelledby="ticket-list-heading">
      <h2 id="ticket-list-heading">Your company&apos;s tickets</h2>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search });
        }}
      >
        <label htmlFor="ticket-search">Search Table</label>
        <input id="ticket-search" type="search" maxLength={200} value={search} onChange={(e) => setSearch(e.target.value)} />
        <button className="btn btn-secondary" type="submit">
          Search
        </button>
        <label htmlFor="ticket-status">Status</label>
        <select id="ticket-status" value={query.status} onChange={(e) => set({ status: e.target.value as Query['status'] })}>
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </select>
      </form>
      {failed ? <LoadError error={error} onRetry={() => list.send({ type: 'query.reload' })} /> : null}
      {loading && !page ? <p role="status">Loading...</p> : null}
      {page ? (
        <>
          <table className="simple" aria-busy={loading}>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={query.sort === c.key ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => set({ sort: c.key, dir: query.sort === c.key && query.dir === 'asc' ? 'desc' : 'asc', page: query.page })}
                    >
                      {c.label}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length}>No data for table</td>
                </tr>
              ) : null}
              {page.items.map((t) => (
                <tr key={t.id}>
                  <td>{t.id}</td>
                  <td>
                    <Link href={`/tickets?id=${t.id}`}>{t.title}</Link>
                  </td>
                  <td>
                    <StatusBadge code={t.status} />
                  </td>
                  <td>
                    <SeverityBadge code={t.severity} />
                  </td>
                  <td>{formatDate(t.created_at)}</td>
                  <td>{formatDate(t.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="btn btn-secondary" disabled={query.page <= 1} onClick={() => set({ page: query.page - 1 })}>
              Previous
            </button>
            <span>
              page {query.page} of {lastPage} ({page.total})
            </span>
            <button type="button" className="btn btn-secondary" disabled={query.page >= lastPage} onClick={() => set({ page: query.page + 1 })}>
              Next
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}

function CreateTicket() {
  const user = ClientSession.useSelector((s) => s.context.user);
  const form = useActorRef(createTicketMachine);
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const created = useSelector(form, (s) => (s.matches('done') ? (s.context.result as { id: number }) : null));
  const error = useSelector(form, (s) => s.context.error);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const [values, setValues] = useState({ title: '', description: '', severity: 'M', contactName: user?.name ?? '', contactEmail: user?.email ?? '' });
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

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
    form.send({ type: 'form.submit', values });
  };
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Create a ticket</h2>
      <form onSubmit={submit} noValidate>
        <FormError error={error} />
        <Field label="Title" error={fields.title}>
          {(p) => <input {...p} name="title" required maxLength={LIMITS.title} value={values.title} onChange={set('title')} />}
        </Field>
        <Field label="Description" error={fields.description}>
          {(p) => <textarea {...p} name="description" required rows={5} maxLength={LIMITS.text} value={values.description} onChange={set('description')} />}
        </Field>
        <Field label="Severity" error={fields.severity}>
          {(p) => (
            <select {...p} name="severity" value={values.severity} onChange={set('severity')}>
              {SEVERITY_CODES.map((c) => (
                <option key={c} value={c}>
                  {SEVERITIES[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
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
  const ticket = useSelector(detail, (s) => s.context.data as ClientTicketDetail | undefined);
  const failed = useSelector(detail, (s) => s.matches('failed'));
  const error = useSelector(detail, (s) => s.context.error);
  const reply = useActorRef(replyMachine);
  const replying = useSelector(reply, (s) => s.matches('submitting'));
  const replied = useSelector(reply, (s) => s.matches('done'));
  const replyError = useSelector(reply, (s) => s.context.error);
  const replyFields = useSelector(reply, (s) => s.context.fieldErrors);
  const [body, setBody] = useState('');

  useEffect(() => {
    if (id !== (detail.getSnapshot().context.query as number)) detail.send({ type: 'query.set', query: id });
  }, [id, detail]);
  // A sent reply clears the box and shows the thread with it.
  useEffect(() => {
    if (!replied) return;
    setBody('');
    reply.send({ type: 'form.reset' });
    detail.send({ type: 'query.reload' });
  }, [replied, reply, detail]);

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
        <StatusBadge code={ticket.status} /> <SeverityBadge code={ticket.severity} /> Opened {formatDateTime(ticket.created_at)} by{' '}
        {ticket.contact_name ?? '—'}
      </p>
      <p className="ticket-description">{ticket.description}</p>
      <h3>Conversation</h3>
      {ticket.notes.length === 0 ? <p>No replies yet.</p> : null}
      <ol className="thread">
        {ticket.notes.map((n) => (
          <li key={n.id} className={n.fromClient ? 'note note-client' : 'note'}>
            <div className="muted">
              {n.author}, {formatDateTime(n.created_at)}
            </div>
            <p>{n.body}</p>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          reply.send({ type: 'form.submit', values: { id, body } });
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
          <CreateTicket />
          <TicketList />
        </>
      )}
    </>
  );
}
