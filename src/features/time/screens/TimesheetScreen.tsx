import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { addDays, dayInZone, formatHours, type TeamWeek, type TimeItem, type TimesheetWeek, type WeekStatus } from '@contracts/time';
import { browserTimeZone, timeApi } from '../api';
import { selectDecidable, selectDeciding, selectSelectedCount, selectTeamLoadError, selectTeamTable, selectTeamWeek, selectTeamWeeks, TEAM_WEEK_COLUMNS } from '../machines/team-weeks.machine';
import { weekMachine } from '../machines/time.machines';
import {
  selectActing,
  selectLoadError,
  selectPending,
  selectRefusals,
  selectSaving,
  selectTeam,
  selectView,
  selectWeek,
  timesheetMachine,
  type CellSaveEvent,
  type TeamWeeksActor,
  type TimesheetActor,
} from '../machines/timesheet.machine';
import { WeekGrid, type CellRef } from './WeekGrid';
import styles from './time.module.css';
import { searchOpenProjects } from '@/features/projects';
import { inspection } from '@/shared/inspection';
import { useIsManager } from '@/shared/session/role';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ComboBox,
  Dialog,
  EmptyState,
  FormErrorBanner,
  LinkButton,
  NumberField,
  PageHeader,
  RadioGroup,
  Radio,
  SkeletonTable,
  Stat,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  type BadgeTone,
} from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDateTime, formatDayHeader, formatRelative } from '@/shared/ui/tokens/format';

const STATUS: Record<WeekStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'Submitted', tone: 'info' },
  approved: { label: 'Approved · locked', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export function WeekStatusBadge({ status }: { status: WeekStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

const todayHere = () => dayInZone(new Date(), browserTimeZone());

/** The refusals shown above the grid change only when one is added or settled. */
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** /timesheet: my week of time by ticket, project or company; submit it; managers decide their team's weeks. */
export default function TimesheetScreen() {
  const isManager = useIsManager();
  // The machine is made for the role the session has (a role known later makes it anew).
  return <Timesheet key={String(isManager)} manager={isManager} />;
}

function Timesheet({ manager }: { manager: boolean }) {
  const timesheet = useActorRef(timesheetMachine, { input: { today: todayHere(), manager }, inspect: inspection.inspect });
  const week = useSelector(timesheet, selectWeek);
  const team = useSelector(timesheet, selectTeam);
  const nav = (
    <div className={styles.row} role="group" aria-label="Week">
      <Button size="sm" onPress={() => timesheet.send({ type: 'week.previous' })}>
        Previous week
      </Button>
      <Button size="sm" variant="quiet" onPress={() => timesheet.send({ type: 'week.this' })}>
        This week
      </Button>
      <Button size="sm" onPress={() => timesheet.send({ type: 'week.next' })}>
        Next week
      </Button>
    </div>
  );
  return (
    <div className={styles.stack}>
      <PageHeader title="Time" subtitle={`Week of ${formatDayHeader(week)} – ${formatDayHeader(addDays(week, 6))} · ${browserTimeZone()}`} actions={
          <div className={styles.row}>
            {nav}
            {/* The punch clock is part of Time: one link away from the week. */}
            <LinkButton href="/timeclock" size="sm" variant="quiet">
              Time clock
            </LinkButton>
          </div>
        }
      />
      {team ? (
        <Tabs defaultSelectedKey="mine">
          <TabList aria-label="Timesheets">
            <Tab id="mine">My week</Tab>
            <Tab id="team">Team</Tab>
          </TabList>
          <TabPanel id="mine">
            <MyWeek timesheet={timesheet} />
          </TabPanel>
          <TabPanel id="team">
            <TeamWeeks team={team} />
          </TabPanel>
        </Tabs>
      ) : (
        <MyWeek timesheet={timesheet} />
      )}
    </div>
  );
}

function MyWeek({ timesheet }: { timesheet: TimesheetActor }) {
  const view = useSelector(timesheet, selectView);
  const loadError = useSelector(timesheet, selectLoadError);
  const pending = useSelector(timesheet, selectPending);
  const refusals = useSelector(timesheet, selectRefusals, sameList);
  const saving = useSelector(timesheet, selectSaving);
  const acting = useSelector(timesheet, selectActing);
  const [selected, setSelected] = useState<CellRef | null>(null);
  const save = (cell: Omit<CellSaveEvent, 'type'>) => timesheet.send({ type: 'cell.save', ...cell });
  const onAction = (action: WeekAction) => timesheet.send(action.type === 'row.add' ? action : { type: action.type });

  if (!view) {
    if (loadError) {
      return (
        <div className={styles.stack}>
          <Alert tone="danger" title="The week could not be loaded">
            {loadError}
          </Alert>
          <div className={styles.row}>
            <Button onPress={() => timesheet.send({ type: 'week.reload' })}>Try again</Button>
          </div>
        </div>
      );
    }
    return <SkeletonTable rows={4} columns={[3, 1, 1, 1, 1, 1, 1, 1, 1]} label="Loading the week" />;
  }
  const editable = view.status === 'draft' || view.status === 'rejected';
  return (
    <div className={styles.stack}>
      <div className={styles.stats}>
        <Stat label="This week" value={formatHours(view.totals.week) || '0:00'} />
        <Stat label="Billable" value={formatHours(view.totals.billable) || '0:00'} hint={view.totals.week ? `${Math.round((view.totals.billable * 100) / view.totals.week)} % of the week` : undefined} />
        <Stat label="Status" value={<WeekStatusBadge status={view.status} />} />
      </div>
      <WeekStatusNotice view={view} />
      {refusals.length ? <FormErrorBanner title="Some hours were not saved; what you typed is kept" errors={refusals} /> : null}
      {view.rows.length === 0 ? (
        <EmptyState
          title="No time this week yet"
          text="Add a ticket, project or company row, or copy last week's rows; hours logged on ticket notes and by the managed-services timer appear here."
          actions={editable ? <WeekButtons acting={acting} onAction={onAction} hasRows={false} /> : null}
        />
      ) : (
        <>
          <WeekGrid key={view.week} view={view} today={todayHere()} editable={editable} pending={pending} onSave={save} onSelect={setSelected} />
          <p className={styles.muted} role="status">
            {saving ? 'Saving…' : 'Type hours as 1.5 or 1:30; arrows and Tab move, Enter saves. Every change is saved.'}
          </p>
          {selected && view.rows[selected.row] && editable ? <CellDetail key={`${view.week}-${selected.row}-${selected.col}`} view={view} at={selected} onSave={save} /> : null}
          {editable ? <WeekButtons acting={acting} onAction={onAction} hasRows /> : null}
        </>
      )}
    </div>
  );
}

function WeekStatusNotice({ view }: { view: TimesheetWeek }) {
  return (
    <>
      {view.status === 'rejected' ? (
        <Alert tone="danger" title={`Rejected by ${view.decided_by ?? 'your manager'}${view.decided_at ? ` ${formatRelative(view.decided_at)}` : ''}`}>
          {view.reason} Change the week and submit it again.
        </Alert>
      ) : null}
      {view.status === 'submitted' ? <Alert tone="info" title="Submitted for approval">The week is locked until your manager approves or rejects it.</Alert> : null}
      {view.status === 'approved' ? (
        <Alert tone="success" title={`Approved by ${view.decided_by ?? 'your manager'}`}>
          The week is locked; a manager can reopen it.
        </Alert>
      ) : null}
      {view.changes.length ? <ChangesList changes={view.changes} /> : null}
    </>
  );
}

function ChangesList({ changes }: { changes: TimesheetWeek['changes'] }) {
  return (
    <Alert tone="warning" title={`Changed since the last decision (${changes.length})`}>
      <ul className={styles.changes}>
        {changes.map((c) => (
          <li key={`${c.label}|${c.day}`}>
            {c.label}, {formatDayHeader(c.day)}: {formatHours(c.before) || '0:00'} → {formatHours(c.after) || '0:00'}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

type WeekAction = { type: 'week.submit' } | { type: 'week.copy' } | { type: 'row.add'; item: TimeItem };

function WeekButtons({ acting, hasRows, onAction }: { acting: boolean; hasRows: boolean; onAction: (action: WeekAction) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.row}>
      <Button onPress={() => setAdding(true)} isDisabled={acting}>
        Add row
      </Button>
      <Button onPress={() => onAction({ type: 'week.copy' })} isDisabled={acting}>
        Copy last week
      </Button>
      {hasRows ? (
        <Button variant="primary" onPress={() => onAction({ type: 'week.submit' })} isDisabled={acting}>
          Submit week
        </Button>
      ) : null}
      <AddRowDialog
        isOpen={adding}
        onClose={() => setAdding(false)}
        onAdd={(item) => {
          setAdding(false);
          onAction({ type: 'row.add', item });
        }}
      />
    </div>
  );
}

type RowKind = TimeItem['kind'];

function AddRowDialog({ isOpen, onClose, onAdd }: { isOpen: boolean; onClose: () => void; onAdd: (item: TimeItem) => void }) {
  const [kind, setKind] = useState<RowKind>('ticket');
  const [ticket, setTicket] = useState<number>(Number.NaN);
  const [project, setProject] = useState<string | null>(null);
  const [company, setCompany] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const add = () => {
    if (kind === 'ticket') {
      if (!Number.isInteger(ticket) || ticket <= 0) return setError('Enter the ticket number, e.g. 1042');
      onAdd({ kind: 'ticket', id: ticket });
    } else if (kind === 'project') {
      if (!project) return setError('Choose a project');
      onAdd({ kind: 'project', id: Number(project) });
    } else {
      if (!company) return setError('Choose a company');
      onAdd({ kind: 'company', id: Number(company) });
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add a row"
      size="sm"
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={add}>
            Add row
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <RadioGroup label="Time on" value={kind} onChange={(v) => (setKind(v as RowKind), setError(undefined))}>
          <Radio value="ticket">A ticket</Radio>
          <Radio value="project">A project</Radio>
          <Radio value="company">A company (managed services)</Radio>
        </RadioGroup>
        {kind === 'ticket' ? (
          <NumberField label="Ticket number" value={ticket} onChange={setTicket} minValue={1} hideStepper errorMessage={error} formatOptions={{ useGrouping: false }} />
        ) : kind === 'project' ? (
          <ComboBox
            label="Project"
            description="Open projects by name, company or owner"
            loader={async (text) => (await searchOpenProjects(text)).map((p) => ({ id: String(p.id), label: p.label }))}
            value={project}
            onChange={(v) => setProject(v === null ? null : String(v))}
            errorMessage={error}
          />
        ) : (
          <ComboBox
            label="Company"
            loader={async (text) => (await timeApi.companies(text)).rows.map((c) => ({ id: String(c.id), label: c.name }))}
            value={company}
            onChange={(v) => setCompany(v === null ? null : String(v))}
            errorMessage={error}
          />
        )}
      </div>
    </Dialog>
  );
}

/** The note of the selected cell and its row's billable flag. */
function CellDetail({ view, at, onSave }: { view: TimesheetWeek; at: CellRef; onSave: (cell: Omit<CellSaveEvent, 'type'>) => void }) {
  const row = view.rows[at.row]!;
  const day = view.days[at.col]!;
  const cell = row.cells[at.col]!;
  const [note, setNote] = useState(cell.note);
  const [billable, setBillable] = useState(row.billable);
  return (
    <section aria-label="Selected cell" className={styles.detail}>
      <TextField label={`Note for ${row.label}, ${formatDayHeader(day)}`} value={note} onChange={setNote} maxLength={500} description={cell.ticket_minutes ? `${formatHours(cell.ticket_minutes)} of it was logged on the ticket or by the timer.` : undefined} />
      <div className={styles.row}>
        <Checkbox isSelected={billable} onChange={setBillable}>
          Billable
        </Checkbox>
        <Button onPress={() => onSave({ item: row.item, day, minutes: cell.minutes, note, billable })} isDisabled={cell.minutes === 0 && note !== ''}>
          Save note
        </Button>
      </div>
    </section>
  );
}

/** The team's list: the machine's columns, each cell drawn as the person reads it. */
const TEAM_CELLS: Partial<Record<string, (r: TeamWeek) => ReactNode>> = {
  status: (r) => <WeekStatusBadge status={r.status} />,
  total_minutes: (r) => formatHours(r.total_minutes) || '0:00',
  billable_minutes: (r) => formatHours(r.billable_minutes) || '0:00',
  submitted_at: (r) => (r.submitted_at ? formatRelative(r.submitted_at) : '—'),
};
const TEAM_COLUMNS: readonly DataTableColumn<TeamWeek>[] = TEAM_WEEK_COLUMNS.map((c) => ({ ...c, cell: TEAM_CELLS[c.field] }));

function TeamWeeks({ team }: { team: TeamWeeksActor }) {
  const week = useSelector(team, selectTeamWeek);
  const rows = useSelector(team, selectTeamWeeks);
  const loadError = useSelector(team, selectTeamLoadError);
  const busy = useSelector(team, selectDeciding);
  const selectedCount = useSelector(team, selectSelectedCount);
  const decidable = useSelector(team, selectDecidable, sameNumbers);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [open, setOpen] = useState<TeamWeek | null>(null);
  const table = useSelector(team, selectTeamTable);
  if (!rows) {
    if (loadError) {
      return (
        <div className={styles.stack}>
          <Alert tone="danger" title="The team's weeks could not be loaded">
            {loadError}
          </Alert>
          <div className={styles.row}>
            <Button onPress={() => team.send({ type: 'team.reload' })}>Try again</Button>
          </div>
        </div>
      );
    }
    return <SkeletonTable rows={4} columns={[3, 1, 1, 1, 1, 2]} label="Loading the team's weeks" />;
  }
  if (rows.length === 0) return <EmptyState title="Nobody reports to you" text="Weeks of the people you manage appear here." />;
  const notSubmitted = selectedCount - decidable.length;
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <Button variant="primary" isDisabled={busy || decidable.length === 0} onPress={() => team.send({ type: 'weeks.approve', users: decidable })}>
          Approve selected ({decidable.length})
        </Button>
        <Button variant="danger" isDisabled={busy || decidable.length === 0} onPress={() => setRejecting(decidable)}>
          Reject selected ({decidable.length})
        </Button>
        <span className={styles.muted}>
          {notSubmitted > 0 ? `${notSubmitted} selected week(s) not submitted: only submitted weeks are decided.` : 'Only submitted weeks are decided; open a row to see the week.'}
        </span>
      </div>
      <DataTable key={week} actor={table} caption="Weeks of my team" columns={TEAM_COLUMNS} selectable onRowClick={setOpen} />
      <RejectDialog
        count={rejecting?.length ?? 0}
        isOpen={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(reason) => {
          if (rejecting) team.send({ type: 'weeks.reject', users: rejecting, reason });
          setRejecting(null);
        }}
      />
      <Dialog isOpen={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))} title={open ? `${open.name}, week of ${formatDayHeader(week)}` : ''} size="wide">
        {open ? (
          <MemberWeek
            week={week}
            member={open}
            busy={busy}
            onDecide={(decision) => {
              if (decision.type === 'weeks.reject') setRejecting([open.user_id]);
              else team.send(decision.type === 'weeks.approve' ? { type: 'weeks.approve', users: [open.user_id] } : { type: 'week.reopen', user: open.user_id });
              setOpen(null);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Asks the reason of a rejection (the person reads it on their week). */
function RejectDialog({ count, isOpen, onClose, onReject }: { count: number; isOpen: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(o) => (o ? undefined : close())}
      title={count === 1 ? 'Send the week back' : `Send ${count} weeks back`}
      size="sm"
      footer={
        <>
          <Button onPress={close}>Cancel</Button>
          <Button
            variant="danger"
            isDisabled={!reason.trim()}
            onPress={() => {
              onReject(reason);
              setReason('');
            }}
          >
            Reject
          </Button>
        </>
      }
    >
      <TextArea label="Reason" value={reason} onChange={setReason} isRequired description="The person sees it on their week." maxLength={500} />
    </Dialog>
  );
}

type MemberDecision = { type: 'weeks.approve' } | { type: 'weeks.reject' } | { type: 'week.reopen' };

/** A team member's week as their manager sees it: what it waits for, and the decision on it. */
function MemberWeek({ week, member, busy, onDecide }: { week: string; member: TeamWeek; busy: boolean; onDecide: (decision: MemberDecision) => void }) {
  const query = useActorRef(weekMachine, { input: { query: { week, user: member.user_id } } });
  const view = useSelector(query, (s) => s.context.data);
  if (!view) return <SkeletonTable rows={3} columns={[3, 1, 1, 1, 1, 1, 1, 1, 1]} label="Loading the week" />;
  const decides = view.can_decide && view.status === 'submitted';
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <WeekStatusBadge status={view.status} />
        <span>
          {formatHours(view.totals.week) || '0:00'} this week, {formatHours(view.totals.billable) || '0:00'} billable
        </span>
      </div>
      <MemberWeekNotice view={view} member={member} />
      {view.rows.length ? <WeekGrid view={view} today={todayHere()} editable={false} /> : <EmptyState title="No time this week" compact />}
      {view.can_decide && view.status !== 'draft' && view.status !== 'rejected' ? (
        <div className={styles.row}>
          {decides ? (
            <>
              <Button variant="primary" isDisabled={busy} onPress={() => onDecide({ type: 'weeks.approve' })}>
                Approve week
              </Button>
              <Button variant="danger" isDisabled={busy} onPress={() => onDecide({ type: 'weeks.reject' })}>
                Send back…
              </Button>
            </>
          ) : null}
          <Button isDisabled={busy} onPress={() => onDecide({ type: 'week.reopen' })}>
            Reopen week
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The week's state in a manager's words (the member's own notice speaks to the member). */
function MemberWeekNotice({ view, member }: { view: TimesheetWeek; member: TeamWeek }) {
  const name = member.name;
  const when = member.submitted_at ? ` on ${formatDateTime(member.submitted_at)}` : '';
  return (
    <>
      {view.status === 'draft' ? <Alert tone="warning" title={`${name} has not submitted this week`}>It can be decided once it is submitted.</Alert> : null}
      {view.status === 'submitted' ? (
        <Alert tone="info" title={`Submitted by ${name}${when}`}>
          {view.can_decide ? 'Approve it, or send it back with a reason.' : 'It waits for their manager.'}
        </Alert>
      ) : null}
      {view.status === 'rejected' ? (
        <Alert tone="danger" title={`Sent back by ${view.decided_by ?? 'a manager'}${view.decided_at ? ` ${formatRelative(view.decided_at)}` : ''}`}>
          {view.reason} {name} changes the week and submits it again.
        </Alert>
      ) : null}
      {view.status === 'approved' ? (
        <Alert tone="success" title={`Approved by ${view.decided_by ?? 'a manager'}`}>
          The week is locked; reopen it to let {name} change it.
        </Alert>
      ) : null}
      {view.changes.length ? <ChangesList changes={view.changes} /> : null}
    </>
  );
}
