import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { LIMITS, SURVEY_Q1_MAX, SURVEY_TYPE_SUPPORT, TIME_ENTRY_MINUTES_MAX } from '@contracts/common/constants';
import type { TicketSurveys, UpdateTicketInput } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { ticketOptionsMachine } from '../machines/tickets.machines';
import { ticketViewMachine } from '../machines/ticket-view.machine';
import { surveyQuestionName } from '@/features/surveys';
import { FieldError } from '@/shared/ui/parts';
import { formatDate, formatDateTime, formatMinutes, formatPreciseDateTime } from '@/shared/ui/tokens/format';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Badge, Button, Card, DateTime, PageHeader, RelativeTime, SeverityBadge, SkeletonCard, SkeletonText, Switch, TicketStatusBadge as StatusBadge } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import type { TimeEntry } from '@contracts/tickets';
import styles from './TicketViewScreen.module.css';

const formatNumericDateTime = (value: string | null | undefined) => formatDateTime(value);

const TIME_COLUMNS: DataTableColumn<TimeEntry>[] = [
  { label: 'Date', field: 'work_date', width: '7.5rem', cell: (e) => formatDate(e.work_date) },
  { label: 'Who', field: 'staff_name', width: '8rem' },
  { label: 'Minutes', field: 'minutes', type: 'number', width: '5.5rem' },
  { label: 'Billable', field: 'billable', width: '5.5rem', priority: 2, value: (e) => (e.billable ? 'Yes' : 'No') },
  { label: 'Description', field: 'description' },
];

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A ticket (ticketView): header, thread, changes, time. Kept mounted by the shell when left. */
export default function TicketViewScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  usePageTitle(Number.isFinite(id) ? `Ticket #${id}` : 'Ticket');
  const actor = useActorRef(ticketViewMachine, { input: { id } });
  const options = useActorRef(ticketOptionsMachine, { input: {} });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const view = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const saveError = useSelector(actor, (s) => s.context.saveError);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const saved = useSelector(actor, (s) => s.context.saved);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const noteForm = useRef<HTMLFormElement>(null);
  const timeForm = useRef<HTMLFormElement>(null);
  const lastSaved = useRef(saved);
  useEffect(() => {
    // A saved note or time entry clears its form; a failed one keeps what was typed.
    if (saved !== lastSaved.current) {
      lastSaved.current = saved;
      noteForm.current?.reset();
      timeForm.current?.reset();
    }
  }, [saved]);

  if (failed) {
    return (
      <>
        <PageHeader title={`Ticket ${params.id}`} />
        <Alert tone="danger" live title={error ?? 'The ticket could not be loaded.'}>
          <Button size="sm" onPress={() => actor.send({ type: 'ticket.reload' })}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  if (!view)
    return (
      <div className={styles.layout} aria-busy="true">
        <div className={styles.main}>
          <SkeletonText lines={2} label="Loading the ticket" />
          <SkeletonCard />
        </div>
        <div className={styles.side}>
          <SkeletonCard />
        </div>
      </div>
    );
  const t = view.ticket;

  return (
    <>
      <PageHeader
        title={`#${t.id} ${t.title}`}
        className={`ticket-header ${styles.header}`}
        meta={
          <span className={styles.badges}>
            <StatusBadge code={t.status} /> <SeverityBadge code={t.severity} />
            {t.overdue ? (
              <Badge tone="danger" variant="solid" marker="diamond">
                Overdue
              </Badge>
            ) : null}
          </span>
        }
        subtitle={
          <span className={styles.facts}>
            <span>{t.company_id ? <Link href={`/company/${t.company_id}`}>{t.company_name}</Link> : 'N/A'}</span>
            <span>{t.contact_name ?? 'No contact'}</span>
            <span>{t.assignee_name ?? 'Unassigned'}</span>
            <span>
              Due <DateTime value={t.duedate} />
            </span>
          </span>
        }
      />
      {saveError ? <Alert tone="danger" live title={saveError} /> : null}
      <div className={styles.layout}>
      <div className={styles.main}>
      <Card asRegion title="Description" headingLevel={2}>
        <p className={styles.description}>{t.description}</p>
      </Card>
      <Card asRegion title="Conversation" headingLevel={2} id={`thread-${t.id}`}>
        {view.thread.length === 0 ? <p className={styles.muted}>No notes yet.</p> : null}
        <ol className={styles.thread} data-testid="thread">
          {view.thread.map((n) => (
            <li
              key={n.id}
              className={`thread-entry ${n.internal ? 'internal' : 'public'} ${n.kind} ${styles.entry}`}
              data-kind={n.kind === 'change' ? 'change' : n.internal ? 'internal' : 'public'}
            >
              <p className={styles.meta}>
                <strong>{n.author_name ?? 'System'}</strong>
                {n.kind === 'change' ? (
                  <Badge>Change</Badge>
                ) : n.internal ? (
                  <Badge tone="warning" marker="square">
                    Internal
                  </Badge>
                ) : (
                  <Badge tone="success" marker="dot">
                    Public
                  </Badge>
                )}
                <RelativeTime value={n.created_at} />
                {n.minutes_spent ? <span>{formatMinutes(n.minutes_spent)}</span> : null}
              </p>
              <p className={styles.body}>{n.body}</p>
            </li>
          ))}
        </ol>
        <form
          ref={noteForm}
          className={styles.composer}
          aria-label="Add a note"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            actor.send({ type: 'ticket.addNote', input: { body: String(f.get('body') ?? ''), internal: f.get('internal') === 'on', minutes: Number(f.get('minutes') || 0) } });
          }}
        >
          <label className={styles.field}>
            Note
            <textarea name="body" rows={4} maxLength={LIMITS.text} aria-describedby="note-body-error" />
            <FieldError id="note-body-error" message={fieldErrors.body} />
          </label>
          <div className={styles.composerRow}>
            <Switch name="internal" value="on">
              Internal (never shown to the client)
            </Switch>
            <label className={styles.inline}>
              Time spent (minutes)
              <input name="minutes" type="number" min={0} max={TIME_ENTRY_MINUTES_MAX} defaultValue={0} aria-describedby="note-minutes-error" />
            </label>
            <Button type="submit" variant="primary" isDisabled={busy}>
              Add note
            </Button>
          </div>
          <FieldError id="note-minutes-error" message={fieldErrors.minutes} />
        </form>
      </Card>
      </div>
      <div className={styles.side}>
      <Card asRegion title="Properties" headingLevel={2}>
        <dl className={styles.details}>
          <dt>Company</dt>
          <dd>{t.company_id ? <Link href={`/company/${t.company_id}`}>{t.company_name}</Link> : 'N/A'}</dd>
          <dt>Contact</dt>
          <dd>{t.contact_name ? `${t.contact_name}${t.contact_email ? ` <${t.contact_email}>` : ''}` : '—'}</dd>
          <dt>Queue</dt>
          <dd>{t.queue}</dd>
          <dt>Assignee</dt>
          <dd>{t.assignee_name ?? 'Unassigned'}</dd>
          <dt>Due Date</dt>
          <dd data-testid="due-date">{formatPreciseDateTime(t.duedate)}</dd>
          {t.paused_since ? (
            <>
              <dt>Clock</dt>
              <dd data-testid="clock">
                Paused since {formatPreciseDateTime(t.paused_since)} (waiting); if it resumed now the due date would be {formatPreciseDateTime(t.projected_duedate)}
              </dd>
            </>
          ) : null}
          {t.paused_seconds > 0 ? (
            <>
              <dt>Time waited</dt>
              <dd>{formatMinutes(Math.round(t.paused_seconds / 60))} added to the due date</dd>
            </>
          ) : null}
          <dt>Created At</dt>
          <dd>
            <time dateTime={t.created_at}>{formatNumericDateTime(t.created_at)}</time>
          </dd>
          <dt>Source</dt>
          <dd>{t.source}</dd>
        </dl>
      </Card>
      <Card asRegion title="Change" headingLevel={2} id={`change-${t.id}`}>
        <form
          className={styles.changeForm}
          key={`${t.updated_at}`}
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const input: UpdateTicketInput = {};
            const status = String(f.get('status'));
            const severity = String(f.get('severity'));
            const queue = String(f.get('queue'));
            const assignee = String(f.get('assignee_id'));
            const due = String(f.get('duedate'));
            if (status !== t.status) input.status = status as UpdateTicketInput['status'];
            if (severity !== t.severity) input.severity = severity as UpdateTicketInput['severity'];
            if (queue !== t.queue) input.queue = queue as UpdateTicketInput['queue'];
            if (assignee !== String(t.assignee_id ?? '')) input.assignee_id = assignee ? Number(assignee) : null;
            if (due !== toLocalInput(t.duedate)) input.duedate = due ? new Date(due).toISOString() : null;
            actor.send({ type: 'ticket.change', input });
          }}
        >
          <label>
            Status
            <select name="status" defaultValue={t.status}>
              {Object.entries(TICKET_STATUSES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </select>
          </label>
          <label>
            Priority
            <select name="severity" defaultValue={t.severity}>
              {Object.entries(SEVERITIES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </select>
          </label>
          <label>
            Queue
            <select name="queue" defaultValue={t.queue}>
              {QUEUES.map((q) => <option key={q} value={q}>{q}</option>)}
            </select>
          </label>
          <label>
            Assignee
            <select name="assignee_id" defaultValue={String(t.assignee_id ?? '')}>
              <option value="">Unassigned</option>
              {staff.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
          <label>
            Due date
            <input name="duedate" type="datetime-local" defaultValue={toLocalInput(t.duedate)} aria-describedby="duedate-error" />
            <FieldError id="duedate-error" message={fieldErrors.duedate} />
          </label>
          <Button type="submit" variant="primary" isDisabled={busy}>
            Save changes
          </Button>
        </form>
      </Card>

      <Card asRegion title="Time" headingLevel={2} id={`time-${t.id}`}>
        <p className={styles.muted}>
          Total {formatMinutes(view.time.total_minutes)}, billable {formatMinutes(view.time.billable_minutes)}
        </p>
        {view.time.entries.length ? (
          <DataTable<TimeEntry> caption="Time entries" tableId="ticket-time" columns={TIME_COLUMNS} rows={view.time.entries} searchable={false} />
        ) : null}
        <form
          ref={timeForm}
          className={styles.timeForm}
          aria-label="Add time"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const workDate = String(f.get('work_date') ?? '');
            actor.send({
              type: 'ticket.addTime',
              input: { minutes: Number(f.get('time_minutes') || 0), billable: f.get('billable') === 'on', description: String(f.get('description') ?? ''), ...(workDate ? { work_date: workDate } : {}) },
            });
          }}
        >
          <label>
            Minutes
            <input name="time_minutes" type="number" min={1} max={TIME_ENTRY_MINUTES_MAX} required />
          </label>
          <label>
            Date <input name="work_date" type="date" />
          </label>
          <label>
            <input type="checkbox" name="billable" defaultChecked /> Billable
          </label>
          <label className={styles.wide}>
            Description <input name="description" maxLength={500} />
          </label>
          <Button type="submit" isDisabled={busy}>
            Add time
          </Button>
        </form>
      </Card>

      <Card asRegion title="Survey responses" headingLevel={2} id={`surveys-${t.id}`}>
        <TicketSurveySection surveys={view.surveys} closed={t.status === 'C'} busy={busy} onSend={() => actor.send({ type: 'ticket.sendSurvey' })} />
      </Card>
      </div>
      </div>
    </>
  );
}

/** The support survey of the ticket: sent or not, its answers (the newest counts), and (re)sending it once closed. */
function TicketSurveySection({ surveys, closed, busy, onSend }: { surveys: TicketSurveys; closed: boolean; busy: boolean; onSend: () => void }) {
  return (
    <>
      <p>
        {surveys.sent_at
          ? `Support survey sent ${formatNumericDateTime(surveys.sent_at)}.`
          : closed
            ? 'No support survey has been sent: the ticket has no contact email.'
            : 'The support survey is emailed to the contact when the ticket is closed.'}
        {surveys.sent_at && !surveys.responses.length ? ' No answer yet.' : null}
      </p>
      {surveys.responses.length ? (
        <ul className={styles.responses}>
          {surveys.responses.map((r) => (
            <li key={r.id}>
              <strong>{formatNumericDateTime(r.received_at)}</strong>: satisfaction {r.q1} of {SURVEY_Q1_MAX}{' '}
              <Badge tone={r.counts ? 'success' : 'neutral'}>{r.counts ? 'Counts in the results' : 'Replaced by a later answer'}</Badge>
              {Object.entries(r.texts).map(([q, text]) => (
                <p key={q} className={styles.comment}>
                  <strong>{surveyQuestionName(SURVEY_TYPE_SUPPORT, q)}:</strong> {text}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {closed ? (
        <Button isDisabled={busy} onPress={onSend}>
          {surveys.sent_at ? 'Send the survey again' : 'Send the survey'}
        </Button>
      ) : null}
    </>
  );
}
