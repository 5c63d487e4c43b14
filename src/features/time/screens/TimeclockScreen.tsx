import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { dayInZone, formatHours, mondayOf, type FlaggedPunch } from '@contracts/time';
import { browserTimeZone } from '../api';
import { punchCorrectionsMachine, selectCorrecting, selectFailureOf, selectPunches, selectPunchesError, type PunchCorrectionsActor } from '../machines/punch-corrections.machine';
import { timeclockMachine } from '../machines/timeclock.machine';
import styles from './time.module.css';
import { inspection } from '@/shared/inspection';
import { useIsManager } from '@/shared/session/role';
import { Alert, Badge, Button, Card, EmptyState, LinkButton, PageHeader, SkeletonCard, Stat, TextField } from '@/shared/ui/components';
import { SimpleTable } from '@/shared/ui/SimpleTable';
import { formatDateTime, formatDayHeader, formatTime } from '@/shared/ui/tokens/format';

const STATE_TEXT = { out: 'Punched out', in: 'Punched in', onBreak: 'On a break' } as const;

/** /timeclock: punch in, breaks, punch out; today's and this week's punches and hours. */
export default function TimeclockScreen() {
  const tz = browserTimeZone();
  const [week] = useState(() => mondayOf(dayInZone(new Date(), tz)));
  const clock = useActorRef(timeclockMachine, { input: { week, tz }, inspect: inspection.inspect });
  const view = useSelector(clock, (s) => s.context.view);
  const error = useSelector(clock, (s) => s.context.error);
  const busy = useSelector(clock, (s) => s.hasTag('busy'));
  const state = useSelector(clock, (s) => (s.matches('in') ? 'in' : s.matches('onBreak') ? 'onBreak' : s.matches('out') ? 'out' : null));
  const failed = useSelector(clock, (s) => s.matches('failed'));
  const isManager = useIsManager();
  // While punched in (not on a break), today's and the week's hours move on with the clock.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state !== 'in') return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [state]);
  const running = view && state === 'in' ? Math.max(0, Math.floor((now - Date.parse(view.now)) / 60_000)) : 0;

  // Another tab or device may have punched: read the server again when this tab is shown again.
  useEffect(() => {
    const onShow = () => document.visibilityState === 'visible' && clock.send({ type: 'sync' });
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [clock]);

  return (
    <div className={styles.stack}>
      <PageHeader title="Time Clock" subtitle={`Week of ${formatDayHeader(week)} · ${tz}`} meta={state ? <Badge tone={state === 'in' ? 'success' : state === 'onBreak' ? 'warning' : 'neutral'}>{STATE_TEXT[state]}</Badge> : null}
        actions={
          <LinkButton href="/timesheet" size="sm" variant="quiet">
            Timesheet
          </LinkButton>
        }
      />
      {error ? (
        <Alert tone="danger" title="That punch was not saved" live>
          {error}
        </Alert>
      ) : null}
      {failed ? (
        <Button onPress={() => clock.send({ type: 'sync' })}>Try again</Button>
      ) : !view ? (
        <SkeletonCard />
      ) : (
        <>
          <Card title="Punch">
            <div className={styles.row}>
              {state === 'out' ? (
                <Button variant="primary" size="lg" isDisabled={busy} onPress={() => clock.send({ type: 'punch.in' })}>
                  Punch in
                </Button>
              ) : null}
              {state === 'in' ? (
                <Button size="lg" isDisabled={busy} onPress={() => clock.send({ type: 'break.start' })}>
                  Start break
                </Button>
              ) : null}
              {state === 'onBreak' ? (
                <Button variant="primary" size="lg" isDisabled={busy} onPress={() => clock.send({ type: 'break.end' })}>
                  End break
                </Button>
              ) : null}
              {state === 'in' || state === 'onBreak' ? (
                <Button variant={state === 'in' ? 'primary' : 'secondary'} size="lg" isDisabled={busy} onPress={() => clock.send({ type: 'punch.out' })}>
                  Punch out
                </Button>
              ) : null}
              <span className={styles.muted} role="status">
                {view.open ? `In since ${formatTime(view.open.punched_in_at)}${view.open.break_started_at ? `, on a break since ${formatTime(view.open.break_started_at)}` : ''}` : 'Not punched in'}
              </span>
            </div>
          </Card>
          <div className={styles.stats}>
            <Stat label="Today" value={formatHours(view.today + running) || '0:00'} hint="Worked, breaks left out" />
            <Stat label="This week" value={formatHours(view.week + running) || '0:00'} />
          </div>
          <Card title="This week's punches" padding="none" asRegion>
            {view.punches.length ? (
              <SimpleTable
                rows={view.punches}
                rowKey={(p) => p.id}
                columns={[
                  { header: 'In', cell: (p) => formatDateTime(p.punched_in_at) },
                  { header: 'Out', cell: (p) => (p.punched_out_at ? formatDateTime(p.punched_out_at) : p.flagged ? <Badge tone="danger">Forgotten punch-out</Badge> : <Badge tone="success">Open</Badge>) },
                  { header: 'Breaks', cell: (p) => formatHours(Math.round(p.break_seconds / 60)) || '0:00' },
                ]}
              />
            ) : (
              <EmptyState compact title="No punches this week" text="Punch in when you start working." />
            )}
          </Card>
          <Card title="Hours per day">
            <SimpleTable rows={view.days.map((d, i) => ({ d, m: view.minutes[i]! }))} rowKey={(r) => r.d} columns={[{ header: 'Day', cell: (r) => formatDayHeader(r.d) }, { header: 'Hours', cell: (r) => formatHours(r.m) || '0:00' }]} />
          </Card>
        </>
      )}
      {isManager ? <FlaggedPunches /> : null}
    </div>
  );
}

/** A manager's list of forgotten punch-outs of the team, each corrected with the time the person left. */
function FlaggedPunches() {
  const corrections = useActorRef(punchCorrectionsMachine, { inspect: inspection.inspect });
  const rows = useSelector(corrections, selectPunches);
  const error = useSelector(corrections, selectPunchesError);
  return (
    <Card title="Forgotten punch-outs of my team" description="Flagged the day after; set the time the person stopped working. Corrections are audit logged.">
      {!rows ? (
        error ? (
          <Alert tone="danger" title="The flagged punches could not be loaded">
            {error}
          </Alert>
        ) : (
          <SkeletonCard />
        )
      ) : rows.length === 0 ? (
        <EmptyState compact title="Nothing to correct" />
      ) : (
        rows.map((p) => <Correction key={p.id} punch={p} corrections={corrections} />)
      )}
    </Card>
  );
}

/** One correction: what is typed stays here; the machine sends it, says how it ended and shows a refusal by the field. */
function Correction({ punch, corrections }: { punch: FlaggedPunch; corrections: PunchCorrectionsActor }) {
  const error = useSelector(corrections, selectFailureOf(punch.id));
  const busy = useSelector(corrections, selectCorrecting);
  const [value, setValue] = useState('');
  return (
    <div className={styles.row}>
      <span>
        {punch.name}: in {formatDateTime(punch.punched_in_at)}
      </span>
      <TextField label="Punched out at" type="datetime-local" value={value} onChange={setValue} errorMessage={error} />
      <Button isDisabled={!value || busy} onPress={() => corrections.send({ type: 'punch.correct', punch, punchedOutAt: new Date(value).toISOString() })}>
        Correct
      </Button>
    </div>
  );
}
