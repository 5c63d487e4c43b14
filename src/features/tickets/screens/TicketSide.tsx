/** A ticket's side column: its properties, the Change form, its time (with the Add time form) and its support survey. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { SURVEY_Q1_MAX, SURVEY_TYPE_SUPPORT, TIME_ENTRY_MINUTES_MAX } from '@contracts/common/constants';
import type { TicketSurveys, TicketView, TimeEntry } from '@contracts/tickets';
import {
  selectAssignees,
  selectBusy,
  selectFieldErrorsOf,
  selectFormError,
  selectOptions,
  selectQueueRule,
  selectRefusalsOf,
  selectSaved,
  selectStaff,
  ticketChanges,
  toLocalInput,
  type TicketViewActor,
} from '../machines/ticket-view.machine';
import { certifiedOptions } from '../queue-assignees';
import styles from './TicketViewScreen.module.css';
import { surveyQuestionName } from '@/features/surveys';
import { formatDate, formatDateTime, formatMinutes } from '@/shared/ui/tokens/format';
import { Alert, Badge, Button, Card, DateTime, FieldError, Form, Select, type Option } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';

const STATUS_OPTIONS: Option[] = Object.entries(TICKET_STATUSES).map(([id, label]) => ({ id, label }));
const PRIORITY_OPTIONS: Option[] = Object.entries(SEVERITIES).map(([id, label]) => ({ id, label }));
const QUEUE_OPTIONS: Option[] = QUEUES.map((q) => ({ id: q, label: q }));
/** The assignee picker's "Unassigned" (the form sends it as an empty value). */
const UNASSIGNED = 'unassigned';

const TIME_COLUMNS: DataTableColumn<TimeEntry>[] = [
  { label: 'Date', field: 'work_date', width: '7.5rem', cell: (e) => formatDate(e.work_date) },
  { label: 'Who', field: 'staff_name', width: '8rem' },
  { label: 'Minutes', field: 'minutes', type: 'number', width: '5.5rem' },
  { label: 'Billable', field: 'billable', width: '5.5rem', priority: 2, value: (e) => (e.billable ? 'Yes' : 'No') },
  { label: 'Description', field: 'description' },
];

export function TicketProperties({ view }: { view: TicketView }) {
  const t = view.ticket;
  return (
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
        <dd data-testid="due-date">
          <DateTime value={t.duedate} />
        </dd>
        {t.paused_since ? (
          <>
            <dt>Clock</dt>
            <dd data-testid="clock">
              Paused since <DateTime value={t.paused_since} /> (waiting); if it resumed now the due date would be <DateTime value={t.projected_duedate} />
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
          <DateTime value={t.created_at} />
        </dd>
        <dt>Source</dt>
        <dd>{t.source}</dd>
      </dl>
    </Card>
  );
}

const changeErrors = selectFieldErrorsOf('change');
const changeError = selectFormError('change');
const changeRefusals = selectRefusalsOf('change');
const timeErrors = selectFieldErrorsOf('time');
const timeError = selectFormError('time');
const timeRefusals = selectRefusalsOf('time');

/** Status, priority, queue, assignee and due date; only what changed is sent. Keyed by the ticket's last change, so it shows the ticket as saved. */
export function TicketChange({ ticket, view }: { ticket: TicketViewActor; view: TicketView }) {
  const busy = useSelector(ticket, selectBusy);
  const fieldErrors = useSelector(ticket, changeErrors);
  const error = useSelector(ticket, changeError);
  const refusals = useSelector(ticket, changeRefusals);
  const changed = (field: string) => () => ticket.send({ type: 'ticket.fieldChange', form: 'change', field });
  const staff = useSelector(useSelector(ticket, selectOptions), selectStaff);
  const t = view.ticket;
  const changeId = `change-${t.id}`;
  // Who is not certified for the ticket's queue shows disabled with the reason (docs/adr/0223); the machine follows the queue.
  const queueRule = useSelector(useSelector(ticket, selectAssignees), selectQueueRule);
  // The "s" shortcut: the machine asks for the Status field (the kit's Select is opened by its button).
  useEffect(() => {
    const sub = ticket.on('ticket.focus', () => document.getElementById(changeId)?.querySelector<HTMLElement>('[data-field="status"] button')?.focus());
    return () => sub.unsubscribe();
  }, [ticket, changeId]);
  return (
    <Card asRegion title="Change" headingLevel={2} id={changeId}>
      <Form
        className={styles.changeForm}
        key={`${t.updated_at}`}
        aria-label="Change the ticket"
        refusals={refusals}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const value = (name: string) => String(f.get(name));
          ticket.send({
            type: 'ticket.change',
            input: ticketChanges(t, { status: value('status'), severity: value('severity'), queue: value('queue'), assignee_id: value('assignee_id') === UNASSIGNED ? '' : value('assignee_id'), duedate: value('duedate') }),
          });
        }}
      >
        <Select name="status" label="Status" aria-keyshortcuts="s" items={STATUS_OPTIONS} defaultValue={t.status} onChange={changed('status')} />
        <Select name="severity" label="Priority" items={PRIORITY_OPTIONS} defaultValue={t.severity} onChange={changed('severity')} />
        <Select name="queue" label="Queue" items={QUEUE_OPTIONS} defaultValue={t.queue} onChange={changed('queue')} />
        <Select
          name="assignee_id"
          label="Assignee"
          items={[{ id: UNASSIGNED, label: 'Unassigned' }, ...certifiedOptions(staff.map((s) => ({ id: String(s.id), label: s.name })), queueRule, t.assignee_id === null ? null : String(t.assignee_id))]}
          defaultValue={String(t.assignee_id ?? UNASSIGNED)}
          onChange={changed('assignee_id')}
        />
        <label>
          Due date
          <input name="duedate" type="datetime-local" onChange={changed('duedate')} defaultValue={toLocalInput(t.duedate)} aria-invalid={fieldErrors.duedate ? true : undefined} aria-describedby="duedate-error" />
          <FieldError id="duedate-error" message={fieldErrors.duedate} />
        </label>
        {error ? <Alert tone="danger" live title={error} /> : null}
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save changes
        </Button>
      </Form>
    </Card>
  );
}

export function TicketTime({ ticket, view }: { ticket: TicketViewActor; view: TicketView }) {
  const busy = useSelector(ticket, selectBusy);
  const saved = useSelector(ticket, selectSaved);
  const fieldErrors = useSelector(ticket, timeErrors);
  const error = useSelector(ticket, timeError);
  const refusals = useSelector(ticket, timeRefusals);
  const changed = (field: string) => () => ticket.send({ type: 'ticket.fieldChange', form: 'time', field });
  return (
    <Card asRegion title="Time" headingLevel={2} id={`time-${view.ticket.id}`}>
      <p className={styles.muted}>
        Total {formatMinutes(view.time.total_minutes)}, billable {formatMinutes(view.time.billable_minutes)}
      </p>
      {view.time.entries.length ? <DataTable<TimeEntry> caption="Time entries" tableId="ticket-time" columns={TIME_COLUMNS} rows={view.time.entries} searchable={false} /> : null}
      <Form
        // A new form after each save: it starts empty; a failed save keeps what was typed.
        key={saved}
        className={styles.timeForm}
        aria-label="Add time"
        refusals={refusals}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const workDate = String(f.get('work_date') ?? '');
          ticket.send({
            type: 'ticket.addTime',
            input: { minutes: Number(f.get('time_minutes') || 0), billable: f.get('billable') === 'on', description: String(f.get('description') ?? ''), ...(workDate ? { work_date: workDate } : {}) },
          });
        }}
      >
        <label>
          Minutes
          <input name="time_minutes" type="number" onChange={changed('minutes')} inputMode="numeric" min={1} max={TIME_ENTRY_MINUTES_MAX} aria-required="true" aria-invalid={fieldErrors.minutes ? true : undefined} aria-describedby="time-minutes-error" />
          <FieldError id="time-minutes-error" message={fieldErrors.minutes} />
        </label>
        <label>
          Date <input name="work_date" type="date" onChange={changed('work_date')} aria-invalid={fieldErrors.work_date ? true : undefined} aria-describedby="time-date-error" />
          <FieldError id="time-date-error" message={fieldErrors.work_date} />
        </label>
        <label>
          <input type="checkbox" name="billable" defaultChecked /> Billable
        </label>
        <label className={styles.wide}>
          Description <input name="description" maxLength={500} onChange={changed('description')} aria-invalid={fieldErrors.description ? true : undefined} aria-describedby="time-description-error" />
          <FieldError id="time-description-error" message={fieldErrors.description} />
        </label>
        {error ? <Alert tone="danger" live title={error} className={styles.wide} /> : null}
        <Button type="submit" isDisabled={busy}>
          Add time
        </Button>
      </Form>
    </Card>
  );
}

/** The support survey of the ticket: sent or not, its answers (the newest counts), and (re)sending it once closed. */
export function TicketSurveys({ ticket, view }: { ticket: TicketViewActor; view: TicketView }) {
  const busy = useSelector(ticket, selectBusy);
  const surveys: TicketSurveys = view.surveys;
  const closed = view.ticket.status === 'C';
  return (
    <Card asRegion title="Survey responses" headingLevel={2} id={`surveys-${view.ticket.id}`}>
      <p>
        {surveys.sent_at
          ? `Support survey sent ${formatDateTime(surveys.sent_at)}.`
          : closed
            ? 'No support survey has been sent: the ticket has no contact email.'
            : 'The support survey is emailed to the contact when the ticket is closed.'}
        {surveys.sent_at && !surveys.responses.length ? ' No answer yet.' : null}
      </p>
      {surveys.responses.length ? (
        <ul className={styles.responses}>
          {surveys.responses.map((r) => (
            <li key={r.id}>
              <strong>{formatDateTime(r.received_at)}</strong>: satisfaction {r.q1} of {SURVEY_Q1_MAX}{' '}
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
        <Button isDisabled={busy} onPress={() => ticket.send({ type: 'ticket.sendSurvey' })}>
          {surveys.sent_at ? 'Send the survey again' : 'Send the survey'}
        </Button>
      ) : null}
    </Card>
  );
}
