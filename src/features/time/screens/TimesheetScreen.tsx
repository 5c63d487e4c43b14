import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { addDays, dayInZone, formatHours, mondayOf, type TeamWeek, type TimeItem, type TimesheetWeek, type WeekStatus } from '@contracts/time';
import { browserTimeZone, timeApi, type CellInput } from '../api';
import { cellMachine, decisionMachine, teamMachine, weekActionMachine, weekMachine } from '../machines/time.machines';
import { WeekGrid, type CellRef, type CellSave } from './WeekGrid';
import styles from './time.module.css';
import { useTabTitle } from './title';
import { searchOpenProjects } from '@/features/projects';
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
  NumberField,
  PageHeader,
  RadioGroup,
  Radio,
  Sheet,
  SkeletonTable,
  Stat,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  toast,
  type BadgeTone,
} from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDayHeader, formatRelative } from '@/shared/ui/tokens/format';

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

/** /timesheet: my week of time by ticket, project or company; submit it; managers decide their team's weeks. */
export default function TimesheetScreen() {
  useTabTitle('Time');
  const isManager = useIsManager();
  const [week, setWeek] = useState(() => mondayOf(todayHere()));
  const nav = (
    <div className={styles.row} role="group" aria-label="Week">
      <Button size="sm" onPress={() => setWeek((w) => addDays(w, -7))}>
        Previous week
      </Button>
      <Button size="sm" variant="quiet" onPress={() => setWeek(mondayOf(todayHere()))}>
        This week
      </Button>
      <Button size="sm" onPress={() => setWeek((w) => addDays(w, 7))}>
        Next week
      </Button>
    </div>
  );
  return (
    <div className={styles.stack}>
      <PageHeader title="Time" subtitle={`Week of ${formatDayHeader(week)} – ${formatDayHeader(addDays(week, 6))} · ${browserTimeZone()}`} actions={nav} />
      {isManager ? (
        <Tabs defaultSelectedKey="mine">
          <TabList aria-label="Timesheets">
            <Tab id="mine">My week</Tab>
            <Tab id="team">Team</Tab>
          </TabList>
          <TabPanel id="mine">
            <MyWeek week={week} />
          </TabPanel>
          <TabPanel id="team">
            <TeamWeeks week={week} />
          </TabPanel>
        </Tabs>
      ) : (
        <MyWeek week={week} />
      )}
    </div>
  );
}

function MyWeek({ week }: { week: string }) {
  const query = useActorRef(weekMachine, { input: { query: { week } } });
  const view = useSelector(query, (s) => s.context.data);
  const loadError = useSelector(query, (s) => (s.matches('failed') ? s.context.error : null));
  useEffect(() => {
    if (query.getSnapshot().context.query.week !== week) query.send({ type: 'query.set', query: { week } });
  }, [query, week]);

  const cell = useActorRef(cellMachine, { input: { reloads: query, reloadEvent: { type: 'query.reload' } } });
  const saving = useSelector(cell, (s) => s.hasTag('busy'));
  const saved = useSelector(cell, (s) => s.matches('saved'));
  const saveError = useSelector(cell, (s) => s.context.error);
  const queue = useRef<CellInput[]>([]);
  const [pending, setPending] = useState<Record<string, { text: string; error?: string }>>({});
  const sending = useRef<string | null>(null);

  const actions = useActorRef(weekActionMachine, { input: { reloads: query, reloadEvent: { type: 'query.reload' } } });
  const acting = useSelector(actions, (s) => s.hasTag('busy'));
  const actionError = useSelector(actions, (s) => s.context.error);
  const actionResult = useSelector(actions, (s) => (s.matches('saved') ? s.context.result : undefined));
  const lastAction = useRef<string>('');
  useEffect(() => {
    if (!actionResult) return;
    if (lastAction.current === 'submit') toast.success('Week submitted for approval');
    else if (lastAction.current === 'copy') toast.success(`Copied ${(actionResult as { added: number }).added} row(s) from last week`);
    else toast.success('Row added');
  }, [actionResult]);
  useEffect(() => {
    if (actionError) toast.error(actionError);
  }, [actionError]);

  const keyOfInput = (i: CellInput) => `${i.item.kind}:${i.item.id}:${i.day}`;
  const pump = () => {
    const snapshot = cell.getSnapshot();
    if (snapshot.hasTag('busy') || queue.current.length === 0) return;
    const next = queue.current.shift()!;
    sending.current = keyOfInput(next);
    cell.send({ type: 'form.submit', input: next });
  };
  useEffect(() => {
    if (saving) return;
    if (sending.current) {
      const key = sending.current;
      sending.current = null;
      if (saved) setPending(({ [key]: _done, ...rest }) => rest);
      else if (saveError) setPending((p) => ({ ...p, [key]: { text: p[key]?.text ?? '', error: saveError } }));
    }
    pump();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saving, saved, saveError]);

  const [selected, setSelected] = useState<CellRef | null>(null);
  const editable = view ? view.status === 'draft' || view.status === 'rejected' : false;
  const onSave = (s: CellSave) => {
    if (!view) return;
    const input: CellInput = { week: view.week, item: s.item, day: s.day, minutes: s.minutes };
    queue.current = [...queue.current.filter((q) => keyOfInput(q) !== s.key), input];
    setPending((p) => ({ ...p, [s.key]: { text: formatHours(s.minutes) } }));
    pump();
  };

  if (!view) return loadError ? <Alert tone="danger" title="The week could not be loaded">{loadError}</Alert> : <SkeletonTable rows={4} columns={[3, 1, 1, 1, 1, 1, 1, 1, 1]} label="Loading the week" />;
  const today = todayHere();
  const errors = Object.values(pending).filter((p) => p.error);
  return (
    <div className={styles.stack}>
      <div className={styles.stats}>
        <Stat label="This week" value={formatHours(view.totals.week) || '0:00'} />
        <Stat label="Billable" value={formatHours(view.totals.billable) || '0:00'} hint={view.totals.week ? `${Math.round((view.totals.billable * 100) / view.totals.week)} % of the week` : undefined} />
        <Stat label="Status" value={<WeekStatusBadge status={view.status} />} />
      </div>
      <WeekStatusNotice view={view} />
      {errors.length ? (
        <FormErrorBanner title="Some hours were not saved; what you typed is kept" errors={errors.map((e) => e.error)} />
      ) : null}
      {view.rows.length === 0 ? (
        <EmptyState
          title="No time this week yet"
          text="Add a ticket, project or company row, or copy last week's rows; hours logged on ticket notes and by the managed-services timer appear here."
          actions={editable ? <WeekButtons week={view.week} acting={acting} onAction={(kind, input) => ((lastAction.current = kind), actions.send({ type: 'form.submit', input }))} hasRows={false} /> : null}
        />
      ) : (
        <>
          <WeekGrid view={view} today={today} editable={editable} pending={pending} onSave={onSave} onSelect={setSelected} />
          <p className={styles.muted} role="status">
            {saving || queue.current.length ? 'Saving…' : 'Type hours as 1.5 or 1:30; arrows and Tab move, Enter saves. Every change is saved.'}
          </p>
          {selected && view.rows[selected.row] && editable ? <CellDetail key={`${selected.row}-${selected.col}`} view={view} at={selected} onSave={(input) => cell.send({ type: 'form.submit', input })} /> : null}
          {editable ? (
            <WeekButtons week={view.week} acting={acting} onAction={(kind, input) => ((lastAction.current = kind), actions.send({ type: 'form.submit', input }))} hasRows />
          ) : null}
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

type WeekAction = { kind: 'submit'; week: string } | { kind: 'copy'; week: string } | { kind: 'addRow'; week: string; item: TimeItem };

function WeekButtons({ week, acting, hasRows, onAction }: { week: string; acting: boolean; hasRows: boolean; onAction: (kind: WeekAction['kind'], input: WeekAction) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.row}>
      <Button onPress={() => setAdding(true)} isDisabled={acting}>
        Add row
      </Button>
      <Button onPress={() => onAction('copy', { kind: 'copy', week })} isDisabled={acting}>
        Copy last week
      </Button>
      {hasRows ? (
        <Button variant="primary" onPress={() => onAction('submit', { kind: 'submit', week })} isDisabled={acting}>
          Submit week
        </Button>
      ) : null}
      <AddRowDialog
        isOpen={adding}
        onClose={() => setAdding(false)}
        onAdd={(item) => {
          setAdding(false);
          onAction('addRow', { kind: 'addRow', week, item });
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
function CellDetail({ view, at, onSave }: { view: TimesheetWeek; at: CellRef; onSave: (input: CellInput) => void }) {
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
        <Button onPress={() => onSave({ week: view.week, item: row.item, day, minutes: cell.minutes, note, billable })} isDisabled={cell.minutes === 0 && note !== ''}>
          Save note
        </Button>
      </div>
    </section>
  );
}

function TeamWeeks({ week }: { week: string }) {
  const team = useActorRef(teamMachine, { input: { query: week } });
  const rows = useSelector(team, (s) => s.context.data);
  useEffect(() => {
    if (team.getSnapshot().context.query !== week) team.send({ type: 'query.set', query: week });
  }, [team, week]);
  const decide = useActorRef(decisionMachine, { input: { reloads: team, reloadEvent: { type: 'query.reload' } } });
  const busy = useSelector(decide, (s) => s.hasTag('busy'));
  const error = useSelector(decide, (s) => s.context.error);
  const result = useSelector(decide, (s) => (s.matches('saved') ? s.context.result : undefined));
  const [selection, setSelection] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState<TeamWeek | null>(null);
  const lastKind = useRef('');
  useEffect(() => {
    if (result) toast.success(lastKind.current === 'reopen' ? 'Week reopened' : lastKind.current === 'approve' ? 'Weeks approved' : 'Weeks rejected');
  }, [result]);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  const columns = useMemo<DataTableColumn<TeamWeek>[]>(
    () => [
      { label: 'Person', field: 'name' },
      { label: 'Status', field: 'status', cell: (r) => <WeekStatusBadge status={r.status} />, filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: ['draft', 'submitted', 'approved', 'rejected'] } },
      { label: 'Hours', field: 'total_minutes', type: 'number', cell: (r) => formatHours(r.total_minutes) || '0:00' },
      { label: 'Billable', field: 'billable_minutes', type: 'number', cell: (r) => formatHours(r.billable_minutes) || '0:00' },
      { label: 'Changed cells', field: 'changed_cells', type: 'number' },
      { label: 'Submitted', field: 'submitted_at', value: (r) => r.submitted_at ?? '', cell: (r) => (r.submitted_at ? formatRelative(r.submitted_at) : '—') },
    ],
    [],
  );
  const submittedSelected = (rows ?? []).filter((r) => selection.includes(String(r.user_id)) && r.status === 'submitted').map((r) => r.user_id);
  const send = (kind: 'approve' | 'reject') => {
    lastKind.current = kind;
    decide.send({ type: 'form.submit', input: { kind: 'decide', week, users: submittedSelected, decision: kind, ...(kind === 'reject' ? { reason } : {}) } });
    setRejecting(false);
    setReason('');
  };
  if (!rows) return <SkeletonTable rows={4} columns={[3, 1, 1, 1, 1, 2]} label="Loading the team's weeks" />;
  if (rows.length === 0) return <EmptyState title="Nobody reports to you" text="Weeks of the people you manage appear here." />;
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <Button variant="primary" isDisabled={busy || submittedSelected.length === 0} onPress={() => send('approve')}>
          Approve selected ({submittedSelected.length})
        </Button>
        <Button variant="danger" isDisabled={busy || submittedSelected.length === 0} onPress={() => setRejecting(true)}>
          Reject selected
        </Button>
        <span className={styles.muted}>Only submitted weeks are decided; open a row to see the week.</span>
      </div>
      <DataTable key={week} caption="Weeks of my team" columns={columns} rows={rows} rowKey="user_id" selectable onSelectionChange={setSelection} onRowClick={setOpen} />
      <Dialog
        isOpen={rejecting}
        onOpenChange={setRejecting}
        title={`Reject ${submittedSelected.length} week(s)`}
        size="sm"
        footer={
          <>
            <Button onPress={() => setRejecting(false)}>Cancel</Button>
            <Button variant="danger" isDisabled={!reason.trim()} onPress={() => send('reject')}>
              Reject
            </Button>
          </>
        }
      >
        <TextArea label="Reason" value={reason} onChange={setReason} isRequired description="The person sees it on their week." maxLength={500} />
      </Dialog>
      <Sheet isOpen={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))} title={open ? `${open.name}, week of ${formatDayHeader(week)}` : ''} size="lg">
        {open ? (
          <MemberWeek
            week={week}
            user={open.user_id}
            onReopen={() => {
              lastKind.current = 'reopen';
              decide.send({ type: 'form.submit', input: { kind: 'reopen', week, user: open.user_id } });
              setOpen(null);
            }}
          />
        ) : null}
      </Sheet>
    </div>
  );
}

function MemberWeek({ week, user, onReopen }: { week: string; user: number; onReopen: () => void }) {
  const query = useActorRef(weekMachine, { input: { query: { week, user } } });
  const view = useSelector(query, (s) => s.context.data);
  if (!view) return <SkeletonTable rows={3} columns={[3, 1, 1, 1, 1, 1, 1, 1, 1]} label="Loading the week" />;
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <WeekStatusBadge status={view.status} />
        <span>
          {formatHours(view.totals.week) || '0:00'} this week, {formatHours(view.totals.billable) || '0:00'} billable
        </span>
        {view.can_decide && (view.status === 'approved' || view.status === 'submitted') ? <Button onPress={onReopen}>Reopen week</Button> : null}
      </div>
      <WeekStatusNotice view={view} />
      {view.rows.length ? <WeekGrid view={view} today={todayHere()} editable={false} /> : <EmptyState title="No time this week" compact />}
    </div>
  );
}
