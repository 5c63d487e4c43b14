import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HOLIDAY_DATA_CREDIT, SCHEDULE_WEEKS_MAX, type Team } from '@contracts/people-schedule';
import { Alert, Badge, Button, Card, Dialog, EmptyState, FormErrorBanner, PageHeader, QueryView, Select, SkeletonCard, SkeletonTable, TextField } from '@/shared/ui/components';
import { formatDateTime, formatDayHeader, formatTime } from '@/shared/ui/tokens/format';
import { scheduleEditorMachine } from '../machines/schedule-editor.machine';
import { scheduleToolsMachine, type ScheduleToolsActor } from '../machines/schedule-tools.machine';
import { ScheduleDialogs } from './ScheduleDialogs';
import { scheduleTeamsMachine } from '../machines/schedule.machines';
import { cellOf } from '../schedule-grid';
import styles from './ScheduleScreen.module.css';


type Editor = ActorRefFrom<typeof scheduleEditorMachine>;
const WEEK_OPTIONS = Array.from({ length: SCHEDULE_WEEKS_MAX }, (_, i) => ({ id: String(i + 1), label: i === 0 ? '1 week' : `${i + 1} weeks` }));

function ShiftDialog({ editor }: { editor: Editor }) {
  const draft = useSelector(editor, (s) => s.context.draft);
  const people = useSelector(editor, (s) => s.context.data?.people ?? []);
  const errors = useSelector(editor, (s) => s.context.errors);
  const error = useSelector(editor, (s) => s.context.error);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  if (!draft) return null;
  const set = (field: 'staffId' | 'day' | 'start' | 'end') => (value: string) => editor.send({ type: 'schedule.draft', field, value });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : editor.send({ type: 'schedule.cancel' }))}
      title={draft.shiftId === null ? 'Add a shift' : 'Change the shift'}
      footer={(close) => (
        <>
          {draft.shiftId !== null ? (
            <Button variant="danger" isDisabled={busy} onPress={() => editor.send({ type: 'schedule.remove' })}>
              Remove
            </Button>
          ) : null}
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button variant="primary" isPending={busy} onPress={() => editor.send({ type: 'schedule.save' })}>
            Save
          </Button>
        </>
      )}
    >
      <div className={styles.form}>
        <FormErrorBanner title={error ?? undefined} />
        <Select label="Who" items={people.map((p) => ({ id: String(p.id), label: p.name }))} selectedKey={String(draft.staffId)} onSelectionChange={(k) => set('staffId')(String(k))} errorMessage={errors.staffId} />
        <TextField label="Day" description="YYYY-MM-DD, in the team's time zone" value={draft.day} onChange={set('day')} errorMessage={errors.day} />
        <div className={styles.row2}>
          <TextField label="Start" value={draft.start} onChange={set('start')} errorMessage={errors.start} />
          <TextField label="End" description="At or before the start: the next day" value={draft.end} onChange={set('end')} errorMessage={errors.end} />
        </div>
      </div>
    </Dialog>
  );
}

function Grid({ editor }: { editor: Editor }) {
  const data = useSelector(editor, (s) => s.context.data);
  if (!data) return null;
  const zone = data.team.timeZone;
  const edit = data.team.canEdit;
  const names = new Map(data.people.map((p) => [p.id, p.name]));
  return (
    <>
      <Card padding="none">
        <div className={styles.scroller}>
          <table className={styles.grid}>
            <caption>
              {data.team.name}: shifts, on-call and leave, times in {zone}.{edit ? ' Press a shift to change it, or “Add” in a day to add one.' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                {data.days.map((day) => {
                  const holiday = data.holidays.find((h) => h.day === day);
                  return (
                    <th key={day} scope="col" className={holiday ? styles.holidayCol : undefined}>
                      {formatDayHeader(day)}
                      {holiday ? <span className={styles.holidayName}>{holiday.name}</span> : null}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {data.people.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  {data.days.map((day) => {
                    const cell = cellOf(data, p.id, day);
                    return (
                      <td key={day} className={cell.holiday ? styles.holidayCol : undefined}>
                        <div className={styles.cell}>
                          {cell.leave ? <Badge tone={cell.leave === 'approved' ? 'warning' : 'neutral'}>{cell.leave === 'approved' ? 'Off' : 'Off (pending)'}</Badge> : null}
                          {cell.onCall ? <Badge tone="info">On call</Badge> : null}
                          {cell.shifts.map((s) => {
                            const label = `${formatTime(s.startsAt, { timeZone: zone })}–${formatTime(s.endsAt, { timeZone: zone })}`;
                            return edit ? (
                              <button key={s.id} type="button" className={styles.shift} aria-label={`Shift of ${p.name}, ${formatDayHeader(day)}, ${label}: change`} onClick={() => editor.send({ type: 'schedule.shift.edit', shiftId: s.id })}>
                                {label}
                              </button>
                            ) : (
                              <span key={s.id} className={styles.shift}>
                                {label}
                              </span>
                            );
                          })}
                          {edit ? (
                            <button type="button" className={styles.add} aria-label={`Add a shift for ${p.name} on ${formatDayHeader(day)}`} onClick={() => editor.send({ type: 'schedule.shift.new', staffId: p.id, day })}>
                              + Add
                            </button>
                          ) : null}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title="Coverage gaps, next 30 days" description="On-call hours with nobody to answer: no rotation, or the person on call is on approved leave.">
        {data.gaps.length ? (
          <ul className={styles.gaps}>
            {data.gaps.map((g) => (
              <li key={`${g.startsAt}-${g.staffId ?? 0}`}>
                {formatDateTime(g.startsAt, { timeZone: zone })} to {formatDateTime(g.endsAt, { timeZone: zone })}: {g.reason}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState compact headingLevel={null} title="No gaps: someone is on call at every hour of the next 30 days." />
        )}
      </Card>
      {data.rotation ? (
        <p className={styles.credit}>
          On-call rotation: {data.rotation.members.map((id) => names.get(id) ?? `#${id}`).join(', ')} in turn, hand-over at {data.rotation.handover} ({data.rotation.timeZone}), rule {data.rotation.rule}.
        </p>
      ) : null}
      <p className={styles.credit}>{HOLIDAY_DATA_CREDIT}.</p>
    </>
  );
}

/** The dialogs a person may open for the team shown: the owner's rotation and overrides, a swap of my shift, my feeds. */
function Tools({ editor, tools }: { editor: Editor; tools: ScheduleToolsActor }) {
  const data = useSelector(editor, (s) => s.context.data);
  if (!data) return null;
  const now = Date.now();
  const hasShift = data.shifts.some((s) => s.staffId === data.me && Date.parse(s.startsAt) > now);
  return (
    <div className={styles.toolButtons} role="group" aria-label="Schedule tools">
      {data.team.canEdit ? (
        <>
          <Button variant="secondary" onPress={() => tools.send({ type: 'tools.rotation' })}>
            On-call rotation
          </Button>
          <Button variant="secondary" onPress={() => tools.send({ type: 'tools.overrides' })}>
            Overrides
          </Button>
        </>
      ) : null}
      {hasShift ? (
        <Button variant="secondary" onPress={() => tools.send({ type: 'tools.swap' })}>
          Ask for a swap
        </Button>
      ) : null}
      <Button variant="secondary" onPress={() => tools.send({ type: 'tools.feeds' })}>
        Calendar feeds
      </Button>
    </div>
  );
}

function Schedule({ teams }: { teams: Team[] }) {
  const editor = useActorRef(scheduleEditorMachine, { input: { teams, today: new Date().toISOString().slice(0, 10) } });
  const tools = useActorRef(scheduleToolsMachine, { input: { editor } });
  const data = useSelector(editor, (s) => s.context.data);
  const teamId = useSelector(editor, (s) => s.context.teamId);
  const from = useSelector(editor, (s) => s.context.from);
  const weeks = useSelector(editor, (s) => s.context.weeks);
  const loading = useSelector(editor, (s) => s.hasTag('loading'));
  const hasData = useSelector(editor, (s) => s.context.data !== null);
  const failed = useSelector(editor, (s) => s.matches('failed'));
  const loadError = useSelector(editor, (s) => s.context.loadError);
  return (
    <>
      <div className={styles.tools}>
        <Select label="Team" items={teams.map((t) => ({ id: String(t.id), label: t.name }))} selectedKey={String(teamId)} onSelectionChange={(k) => editor.send({ type: 'schedule.team', teamId: Number(k) })} />
        <Select label="Show" items={WEEK_OPTIONS} selectedKey={String(weeks)} onSelectionChange={(k) => editor.send({ type: 'schedule.weeks', weeks: Number(k) })} />
        <div className={styles.nav}>
          <Button variant="secondary" onPress={() => editor.send({ type: 'schedule.week.previous' })}>
            Previous week
          </Button>
          <span className={styles.range} aria-live="polite">
            Week of {formatDayHeader(from)}
          </span>
          <Button variant="secondary" onPress={() => editor.send({ type: 'schedule.week.next' })}>
            Next week
          </Button>
        </div>
      </div>
      <Tools editor={editor} tools={tools} />
      {failed ? (
        <Alert tone="danger" live title={loadError ?? 'The schedule could not be loaded'}>
          <Button variant="secondary" size="sm" onPress={() => editor.send({ type: 'schedule.retry' })}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {loading && !hasData ? <SkeletonTable /> : <Grid editor={editor} />}
      <ShiftDialog editor={editor} />
      <ScheduleDialogs tools={tools} data={data} />
    </>
  );
}

/** /weekly-schedule: a team's people × days of shifts, on-call and leave; its owner edits it. */
export default function ScheduleScreen() {
  const teams = useActorRef(scheduleTeamsMachine, { input: { query: null } });
  return (
    <div className={styles.page}>
      <PageHeader title="Weekly Schedule" subtitle="Shifts and on-call per person and day, approved leave and public holidays, and the gaps in on-call cover." />
      <QueryView actor={teams} errorFallback="The teams could not be loaded" loading={<SkeletonCard label="Loading the schedule" />} empty={<EmptyState title="No team has a schedule yet" />} isEmpty={(t) => t.length === 0}>
        {(list) => <Schedule teams={list} />}
      </QueryView>
    </div>
  );
}
