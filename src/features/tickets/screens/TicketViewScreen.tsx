import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { LIMITS, SURVEY_Q1_MAX, SURVEY_TYPE_SUPPORT, TIME_ENTRY_MINUTES_MAX } from '@contracts/common/constants';
import type { TicketSurveys, UpdateTicketInput } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { ticketOptionsMachine } from '../machines/tickets.machines';
import { ticketViewMachine } from '../machines/ticket-view.machine';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { surveyQuestionName } from '@/features/surveys';
import { FieldError, Section } from '@/shared/ui/parts';
import { formatMinutes, formatNumericDateTime } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A ticket (ticketView): header, thread, changes, time. Kept mounted by the shell when left. */
export default function TicketViewScreen({ params }: ScreenProps) {
  const id = Number(params.id);
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
        <h1>Ticket {params.id}</h1>
        <div className="form-error" role="alert">
          {error}{' '}
          <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'ticket.reload' })}>Try again</button>
        </div>
      </>
    );
  }
  if (!view) return <Spinner label="Loading the ticket" />;
  const t = view.ticket;

  return (
    <>
      <h1>
        #{t.id} {t.title}
      </h1>
      <section className="card ticket-header" aria-label="Ticket details">
        <p>
          <StatusBadge code={t.status} /> <SeverityBadge code={t.severity} />
          {t.overdue ? <span className="badge badge-red overdue-mark">Overdue</span> : null}
        </p>
        <dl className="details">
          <dt>Company</dt>
          <dd>{t.company_id ? <Link href={`/company/${t.company_id}`}>{t.company_name}</Link> : 'N/A'}</dd>
          <dt>Contact</dt>
          <dd>{t.contact_name ? `${t.contact_name}${t.contact_email ? ` <${t.contact_email}>` : ''}` : '—'}</dd>
          <dt>Queue</dt>
          <dd>{t.queue}</dd>
          <dt>Assignee</dt>
          <dd>{t.assignee_name ?? 'Unassigned'}</dd>
          <dt>Due Date</dt>
          <dd data-testid="due-date">{formatNumericDateTime(t.duedate)}</dd>
          {t.paused_since ? (
            <>
              <dt>Clock</dt>
              <dd data-testid="clock">
                Paused since {formatNumericDateTime(t.paused_since)} (waiting); if it resumed now the due date would be {formatNumericDateTime(t.projected_duedate)}
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
          <dd>{formatNumericDateTime(t.created_at)}</dd>
          <dt>Source</dt>
          <dd>{t.source}</dd>
        </dl>
        <p className="description">{t.description}</p>
      </section>
      {saveError ? <div className="form-error" role="alert">{saveError}</div> : null}

      <Section title="Change" id={`change-${t.id}`}>
        <form
          className="form-grid"
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
          <button type="submit" className="btn" disabled={busy}>Save changes</button>
        </form>
      </Section>

      <Section title="Thread" id={`thread-${t.id}`}>
        {view.thread.length === 0 ? <p>No notes yet.</p> : null}
        <ol className="thread">
          {view.thread.map((n) => (
            <li key={n.id} className={`thread-entry ${n.internal ? 'internal' : 'public'} ${n.kind}`}>
              <p className="thread-meta">
                <strong>{n.author_name ?? 'System'}</strong> · {formatNumericDateTime(n.created_at)} ·{' '}
                {n.kind === 'change' ? <span className="badge badge-grey">Change</span> : n.internal ? <span className="badge badge-yellow">Internal</span> : <span className="badge badge-green">Public</span>}
                {n.minutes_spent ? ` · ${formatMinutes(n.minutes_spent)}` : ''}
              </p>
              <p className="thread-body">{n.body}</p>
            </li>
          ))}
        </ol>
        <form
          ref={noteForm}
          className="form-grid"
          aria-label="Add a note"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            actor.send({ type: 'ticket.addNote', input: { body: String(f.get('body') ?? ''), internal: f.get('internal') === 'on', minutes: Number(f.get('minutes') || 0) } });
          }}
        >
          <label className="wide">
            Note
            <textarea name="body" rows={4} maxLength={LIMITS.text} aria-describedby="note-body-error" />
            <FieldError id="note-body-error" message={fieldErrors.body} />
          </label>
          <label>
            <input type="checkbox" name="internal" /> Internal (never shown to the client)
          </label>
          <label>
            Time spent (minutes)
            <input name="minutes" type="number" min={0} max={TIME_ENTRY_MINUTES_MAX} defaultValue={0} aria-describedby="note-minutes-error" />
            <FieldError id="note-minutes-error" message={fieldErrors.minutes} />
          </label>
          <button type="submit" className="btn" disabled={busy}>Add note</button>
        </form>
      </Section>

      <Section title="Time" id={`time-${t.id}`}>
        <p>
          Total {formatMinutes(view.time.total_minutes)}, billable {formatMinutes(view.time.billable_minutes)}
        </p>
        {view.time.entries.length ? (
          <SimpleTable
            rows={view.time.entries}
            rowKey={(e) => e.id}
            columns={[
              { header: 'Date', cell: (e) => e.work_date },
              { header: 'Who', cell: (e) => e.staff_name },
              { header: 'Minutes', cell: (e) => e.minutes },
              { header: 'Billable', cell: (e) => e.billable ? 'Yes' : 'No' },
              { header: 'Description', cell: (e) => e.description },
            ]}
          />
        ) : null}
        <form
          ref={timeForm}
          className="form-grid"
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
          <label className="wide">
            Description <input name="description" maxLength={500} />
          </label>
          <button type="submit" className="btn" disabled={busy}>Add time</button>
        </form>
      </Section>

      <Section title="Survey responses" id={`surveys-${t.id}`}>
        <TicketSurveySection surveys={view.surveys} closed={t.status === 'C'} busy={busy} onSend={() => actor.send({ type: 'ticket.sendSurvey' })} />
      </Section>
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
        <ul className="survey-responses">
          {surveys.responses.map((r) => (
            <li key={r.id}>
              <strong>{formatNumericDateTime(r.received_at)}</strong>: satisfaction {r.q1} of {SURVEY_Q1_MAX}{' '}
              <span className={r.counts ? 'badge badge-green' : 'badge'}>{r.counts ? 'Counts in the results' : 'Replaced by a later answer'}</span>
              {Object.entries(r.texts).map(([q, text]) => (
                <p key={q} className="survey-comment">
                  <strong>{surveyQuestionName(SURVEY_TYPE_SUPPORT, q)}:</strong> {text}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {closed ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onSend}>
          {surveys.sent_at ? 'Send the survey again' : 'Send the survey'}
        </button>
      ) : null}
    </>
  );
}
