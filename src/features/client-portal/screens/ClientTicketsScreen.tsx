import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { ClientSession } from '@/shared/session/client-session';
import { SEVERITIES, SEVERITY_CODES, type Severity } from '@contracts/common/codes';
import type { ClientTicket, ClientTicketDetail } from '@contracts/client-portal';
import type { Attachment } from '@contracts/common/attachments';
import { CLIENT_PAGE_SIZE, LIMITS } from '@contracts/common/constants';
import { clientDownloadMachine, clientThumbnailsMachine, clientTicketTableMachine, createTicketMachine, newTicketFilesMachine, ticketDetailMachine } from '../machines/client-portal.machines';
import { clientReplyMachine, selectReplyBody, selectReplyFiles, selectReplyForm } from '../machines/client-reply.machine';
import { selectChosenFiles, selectFilesError } from '@/shared/machines/file-list.machine';
import { selectViewer } from '@/shared/machines/file-download.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { refusalSummary } from '@/shared/machines/attach-each';
import { CellText, DataTable, useTableActor, type DataTableColumn, type TableActorRef } from '@/shared/ui/data-table/DataTable';
import {
  AttachmentList,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  DateTime,
  EmptyState,
  FilePicker,
  Form,
  FormActions,
  FormGrid,
  FormGridItem,
  ImageViewer,
  LinkButton,
  PageHeader,
  RelativeTime,
  Select,
  SeverityBadge,
  SkeletonCard,
  SkeletonText,
  TextArea,
  TextField,
  TicketStatusBadge,
  type AttachmentListProps,
} from '@/shared/ui/components';
import { cx } from '@/shared/ui/components/cx';
import { FormError, useFieldValues, useFormState, useQueryState } from './form-parts';
import { ListSection } from './ListSection';
import styles from './ClientTicketsScreen.module.css';
import { usePageTitle } from '@/shared/page-title';
import { ArticleSuggestions } from '@/features/assistant';

/** The company's tickets in the shared data table (server mode). */
const COLUMNS: DataTableColumn<ClientTicket>[] = [
  { label: 'ID', field: 'id', type: 'number', width: '4rem', priority: 2 },
  {
    label: 'Title',
    field: 'title',
    cell: (t) => (
      <CellText text={t.title}>
        <Link href={`/tickets?id=${t.id}`}>{t.title}</Link>
      </CellText>
    ),
  },
  {
    label: 'Status',
    field: 'status',
    // Room for the longest name, "Waiting On Programming", on one line at a desk.
    width: '15.5rem',
    cell: (t) => <TicketStatusBadge code={t.status} />,
    filterOptions: { enabled: true, filterDropdownItems: [{ text: 'Open', value: 'open' }, { text: 'Closed', value: 'closed' }] },
  },
  { label: 'Priority', field: 'severity', width: '7rem', cell: (t) => <SeverityBadge code={t.severity} />, priority: 2 },
  { label: 'Created', field: 'created_at', type: 'date', width: '8rem', cell: (t) => <DateTime value={t.created_at} withTime={false} />, firstSortType: 'desc', priority: 2 },
  { label: 'Updated', field: 'updated_at', type: 'date', width: '8rem', cell: (t) => <RelativeTime value={t.updated_at} />, firstSortType: 'desc', priority: 3 },
];

const SEVERITY_OPTIONS = SEVERITY_CODES.map((c) => ({ id: c, label: SEVERITIES[c] }));

/** The list's first look: newest first, a page of the portal's size. */
const LIST_INITIAL_STATE = { sort: [{ field: 'created_at', type: 'desc' as const }], pageSize: CLIENT_PAGE_SIZE };

function TicketList({ table }: { table: TableActorRef }) {
  return (
    <ListSection title="Your company's tickets">
      <DataTable<ClientTicket> caption="Your company's tickets" columns={COLUMNS} actor={table} tableId="client-tickets" />
    </ListSection>
  );
}

/**
 * The create form; `focus` (the dashboard's "Create a ticket", /tickets?new=1) brings it into view
 * with the title ready. Once the ticket is created its machine tells the list to load again, so
 * the new ticket is in it.
 */
function CreateTicket({ focus = false, list }: { focus?: boolean; list: TableActorRef }) {
  const user = ClientSession.useSelector((s) => s.context.user);
  const form = useActorRef(createTicketMachine, { input: { reloads: list, notices: { saved: (r) => `Ticket #${r.id} created` } } });
  const { busy, result: created, error, fields } = useFormState(form);
  const fileList = useActorRef(newTicketFilesMachine);
  const files = useSelector(fileList, selectChosenFiles);
  const filesError = useSelector(fileList, selectFilesError);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const { values, set: setValue, reset } = useFieldValues<{ title: string; description: string; severity: Severity; contactName: string; contactEmail: string }>({
    title: '',
    description: '',
    severity: 'M',
    contactName: user?.name ?? '',
    contactEmail: user?.email ?? '',
  });

  /** A setter that also tells the form machine the field changed (its message goes). */
  const set = (field: keyof typeof values) => (value: string) => {
    setValue(field)(value);
    form.send({ type: 'form.change', field });
  };
  if (created) {
    return (
      <Card title="Ticket created" asRegion className={styles.formCard}>
        <div className={styles.stack}>
          <p role="status">
            Your ticket #{created.id} was created. <Link href={`/tickets?id=${created.id}`}>Open ticket #{created.id}</Link>
          </p>
          {created.refused.length ? (
            <p role="alert" className={styles.refused}>
              {refusalSummary(created.refused)}
            </p>
          ) : null}
          <div>
            <Button
              onPress={() => {
                reset();
                fileList.send({ type: 'files.clear' });
                form.send({ type: 'form.reset' });
              }}
            >
              Create another ticket
            </Button>
          </div>
        </div>
      </Card>
    );
  }
  return (
    <Card title="Create a ticket" description="Tell us what happened; we answer by email and here." asRegion className={styles.formCard} id="create">
      <div
        ref={(el) => {
          if (!focus || !el) return;
          const title = el.querySelector<HTMLInputElement>('input[name="title"]');
          title?.scrollIntoView({ block: 'center' });
          title?.focus({ preventScroll: true });
        }}
      >
      <Form
        aria-label="Create a ticket"
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: { ...values, files } });
        }}
        refusals={refusals}
        onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: values })}
      >
        <FormError error={error} title="The ticket was not created" />
        <FormGrid columns={2}>
          <FormGridItem span="full">
            <TextField label="Title" name="title" isRequired maxLength={LIMITS.title} value={values.title} onChange={set('title')} errorMessage={fields.title} />
            <Suspense fallback={null}>
              <ArticleSuggestions title={values.title} />
            </Suspense>
          </FormGridItem>
          <FormGridItem span="full">
            <TextArea label="Description" name="description" isRequired rows={5} maxLength={LIMITS.text} value={values.description} onChange={set('description')} errorMessage={fields.description} />
          </FormGridItem>
          <Select label="Priority" name="severity" items={SEVERITY_OPTIONS} value={values.severity} onChange={(k) => set('severity')(String(k))} errorMessage={fields.severity} />
          <span />
          <TextField label="Contact name" name="contactName" autoComplete="name" maxLength={LIMITS.name} value={values.contactName} onChange={set('contactName')} errorMessage={fields.contactName} />
          <TextField label="Contact email" name="contactEmail" type="email" autoComplete="email" maxLength={LIMITS.email} value={values.contactEmail} onChange={set('contactEmail')} errorMessage={fields.contactEmail} />
          <FormGridItem span="full">
            <FilePicker
              id="new-ticket-files"
              files={files}
              error={filesError}
              onAdd={(added) => fileList.send({ type: 'files.add', files: added })}
              onRemove={(index) => fileList.send({ type: 'files.remove', index })}
              isDisabled={busy}
            />
          </FormGridItem>
        </FormGrid>
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Create ticket
          </Button>
        </FormActions>
      </Form>
      </div>
    </Card>
  );
}

type Message = { key: string; author: string; fromClient: boolean; body: string; created_at: string; attachments: readonly Attachment[] };

/** One message of the conversation: who wrote it (the client's people or the support team), when, and what, with its files. */
function ThreadMessage({ message, files }: { message: Message; files: Omit<AttachmentListProps, 'files'> }) {
  return (
    <li className={cx(styles.message, !message.fromClient && styles.staff)}>
      <span className={styles.avatar}>
        <Avatar name={message.author} size="md" decorative />
      </span>
      <article className={styles.bubble} aria-label={`${message.author}, ${message.fromClient ? 'your company' : 'support team'}`}>
        <div className={styles.head}>
          <span className={styles.author}>{message.author}</span>
          {message.fromClient ? null : (
            <Badge tone="brand" variant="outline">
              Support team
            </Badge>
          )}
          <span className={styles.when}>
            <RelativeTime value={message.created_at} />
          </span>
        </div>
        <p className={styles.body}>{message.body}</p>
        <AttachmentList files={message.attachments} {...files} />
      </article>
    </li>
  );
}

/**
 * The reply box under the thread: a sent reply clears it and its files (and says so); a failed one
 * keeps the text and says why. Its machine holds the text and the files, and empties them once sent.
 */
function Composer({ id, detail }: { id: number; detail: ActorRefFrom<typeof ticketDetailMachine> }) {
  const composer = useActorRef(clientReplyMachine, { input: { id, detail } });
  const reply = useSelector(composer, selectReplyForm);
  const files = useSelector(composer, selectReplyFiles);
  const body = useSelector(composer, selectReplyBody);
  const chosen = useSelector(files, selectChosenFiles);
  const filesError = useSelector(files, selectFilesError);
  const { busy, error, fields } = useFormState(reply);
  const refusals = useSelector(reply, (s) => s.context.refusals);
  return (
    <Card title="Reply" headingLevel={3} asRegion>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          composer.send({ type: 'reply.send' });
        }}
        refusals={refusals}
        onFieldBlur={(field) => composer.send({ type: 'reply.blur', field })}
      >
        <FormError error={error} title="Your reply was not sent" />
        <TextArea
          label="Your reply"
          name="body"
          rows={4}
          maxLength={LIMITS.text}
          value={body}
          onChange={(text) => composer.send({ type: 'reply.change', body: text })}
          errorMessage={fields.body} description="The support team is notified at once." />
        <FilePicker
          id="reply-files"
          files={chosen}
          error={filesError ?? fields.files}
          isDisabled={busy}
          onAdd={(added) => files.send({ type: 'files.add', files: added })}
          onRemove={(index) => files.send({ type: 'files.remove', index })}
        />
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Send reply
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function messagesOf(ticket: ClientTicketDetail): Message[] {
  return [
    { key: 'opening', author: ticket.contact_name ?? 'Your company', fromClient: true, body: ticket.description, created_at: ticket.created_at, attachments: ticket.attachments },
    ...ticket.notes.map((n) => ({ key: String(n.id), author: n.author, fromClient: n.fromClient, body: n.body, created_at: n.created_at, attachments: n.attachments })),
  ];
}

function TicketDetail({ id }: { id: number }) {
  const detail = useActorRef(ticketDetailMachine, { input: { query: id } });
  const downloads = useActorRef(clientDownloadMachine);
  const thumbs = useActorRef(clientThumbnailsMachine);
  const thumbnails = useSelector(thumbs, selectThumbnails);
  const viewer = useSelector(downloads, selectViewer);
  const { data: ticket, failed, error } = useQueryState(detail);
  // The images' thumbnails (the ticket's own files and its replies'), fetched once each.
  useEffect(() => {
    if (!ticket) return;
    const images = messagesOf(ticket).flatMap((m) => m.attachments.filter((a) => a.image));
    if (images.length) thumbs.send({ type: 'thumbnails.show', files: images.map((a) => ({ recordId: ticket.id, id: a.id })) });
  }, [ticket, thumbs]);
  usePageTitle(ticket ? `Ticket #${ticket.id}` : `Ticket #${id}`);

  useEffect(() => {
    if (id !== (detail.getSnapshot().context.query as number)) detail.send({ type: 'query.set', query: id });
  }, [id, detail]);

  const crumbs = <Breadcrumbs items={[{ label: 'Tickets', href: '/tickets' }, { label: `Ticket #${id}` }]} />;
  if (failed) {
    return (
      <>
        <PageHeader title="Tickets" breadcrumbs={crumbs} />
        <Card>
          <EmptyState
            title="Ticket not found"
            text={<span role="alert">{error}</span>}
            actions={
              <LinkButton href="/tickets" variant="primary">
                Back to the list
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }
  if (!ticket) {
    return (
      <>
        <PageHeader title="Tickets" breadcrumbs={crumbs} />
        <div className={styles.ticket}>
          <SkeletonCard label="Loading the ticket" />
          <SkeletonText lines={4} />
        </div>
      </>
    );
  }
  const messages = messagesOf(ticket);
  const target = (file: { id: number; name: string }) => ({ recordId: ticket.id, id: file.id, name: file.name });
  const files: Omit<AttachmentListProps, 'files'> = {
    thumbnails,
    onDownload: (file) => downloads.send({ type: 'file.download', file: target(file) }),
    onView: (file) => downloads.send({ type: 'file.view', file: target(file) }),
  };
  return (
    <>
      <ImageViewer image={viewer} onClose={() => downloads.send({ type: 'file.close' })} onDownload={() => viewer && downloads.send({ type: 'file.download', file: target(viewer) })} />
      <PageHeader
        title={`#${ticket.id} ${ticket.title}`}
        breadcrumbs={crumbs}
        meta={<TicketStatusBadge code={ticket.status} />}
        subtitle={
          <>
            Opened <DateTime value={ticket.created_at} /> by {ticket.contact_name ?? '—'}
          </>
        }
      />
      <div className={styles.ticket}>
        <div className={styles.main}>
          <h2 className={styles.threadTitle}>Conversation</h2>
          <ol className={styles.thread} aria-label="Conversation">
            {messages.map((m) => (
              <ThreadMessage key={m.key} message={m} files={files} />
            ))}
          </ol>
          {ticket.notes.length === 0 ? <p className={styles.when}>No replies yet. We answer here and by email.</p> : null}
          {/* A reply belongs to its ticket: another ticket opens with an empty box. */}
          <Composer key={id} id={id} detail={detail} />
        </div>
        <aside className={styles.side} aria-label="Ticket details">
          <Card title="Details" headingLevel={2}>
            <dl className={styles.props}>
              <dt>Status</dt>
              <dd>
                <TicketStatusBadge code={ticket.status} />
              </dd>
              <dt>Priority</dt>
              <dd>
                <SeverityBadge code={ticket.severity} />
              </dd>
              <dt>Opened</dt>
              <dd>
                <DateTime value={ticket.created_at} />
              </dd>
              <dt>Updated</dt>
              <dd>
                <RelativeTime value={ticket.updated_at} />
              </dd>
              <dt>Contact</dt>
              <dd>{ticket.contact_name ?? '—'}</dd>
              {ticket.contact_email ? (
                <>
                  <dt>Email</dt>
                  <dd>{ticket.contact_email}</dd>
                </>
              ) : null}
            </dl>
          </Card>
        </aside>
      </div>
    </>
  );
}

export default function ClientTicketsScreen() {
  const params = new URLSearchParams(useSearch());
  const id = Number(params.get('id'));
  const detail = Number.isInteger(id) && id > 0;
  usePageTitle(detail ? null : 'Tickets');
  if (detail) return <TicketDetail id={id} />;
  return <TicketListAndForm focus={params.get('new') === '1'} />;
}

/** The company's tickets above the create form; the form's machine reloads the list's table when a ticket is created. */
function TicketListAndForm({ focus }: { focus: boolean }) {
  const table = useTableActor<ClientTicket>({ machine: clientTicketTableMachine, mode: 'server', columns: COLUMNS, initialState: LIST_INITIAL_STATE });
  return (
    <>
      <PageHeader
        title="Tickets"
        subtitle="Everything your company asked us, newest first."
        actions={
          <LinkButton href="/tickets?new=1" variant="primary">
            New ticket
          </LinkButton>
        }
      />
      {/* The list first: what the company already asked is what people come to see. */}
      <div className={styles.stack}>
        <TicketList table={table} />
        <CreateTicket focus={focus} list={table} />
      </div>
    </>
  );
}
