import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { formatHours } from '@contracts/time';
import { trackerMachine } from '../machines/tracker.machine';
import styles from './time.module.css';
import type { ScreenProps } from '@/shared/routing';
import { inspection } from '@/shared/inspection';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Badge, Button, Dialog, SkeletonCard, TextArea } from '@/shared/ui/components';
import { formatTime } from '@/shared/ui/tokens/format';

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/**
 * /ms/time/tracker/{id}/{name}/{user_id}: the managed-services timer window (no layout). The timer
 * runs on the server; the window shows it and resynchronises when shown again.
 */
export default function TrackerScreen({ params }: ScreenProps) {
  const company = Number(params.id);
  const user = Number(params.user_id);
  const name = params.name ?? '';
  const valid = Number.isInteger(company) && company > 0 && Number.isInteger(user) && user > 0;
  if (!valid) {
    return (
      <main className={styles.tracker}>
        <h1>Time tracker</h1>
        <Alert tone="danger" title="This tracker link is not valid">
          Open the tracker from Managed Services.
        </Alert>
      </main>
    );
  }
  return <Tracker company={company} user={user} name={name} />;
}

function Tracker({ company, user, name }: { company: number; user: number; name: string }) {
  const tracker = useActorRef(trackerMachine, { input: { company, user }, inspect: inspection.inspect });
  const view = useSelector(tracker, (s) => s.context.view);
  const seconds = useSelector(tracker, (s) => s.context.seconds);
  const error = useSelector(tracker, (s) => s.context.error);
  const busy = useSelector(tracker, (s) => s.hasTag('busy'));
  const state = useSelector(tracker, (s) => (['idle', 'running', 'paused', 'stopping', 'discarding', 'stopped', 'failed'] as const).find((k) => s.matches(k)) ?? 'loading');
  const [note, setNote] = useState('');

  useEffect(() => {
    const onShow = () => document.visibilityState === 'visible' && tracker.send({ type: 'sync' });
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [tracker]);

  usePageTitle(`${state === 'running' ? `${clock(seconds)} · ` : ''}${name || 'Time tracker'} · Managed services`);

  const title = view?.company.name ?? name;
  return (
    <main className={styles.tracker}>
      <div>
        <h1>{title}</h1>
        <p className={styles.muted}>
          Managed-services time{view ? ` of ${view.user.name} · rounded up to ${view.rounding_minutes ? `${view.rounding_minutes} minutes` : 'the minute'}` : ''}
        </p>
      </div>
      {error ? (
        <Alert tone="danger" title={state === 'failed' ? 'The timer could not be opened' : 'That was not saved'} live>
          {error}
        </Alert>
      ) : null}
      {state === 'loading' ? <SkeletonCard /> : null}
      {view ? (
        <>
          <div className={styles.row}>
            <output className={styles.clock} aria-label="Time on the timer" aria-live="off">
              {clock(seconds)}
            </output>
            {state === 'running' ? <Badge tone="success">Running</Badge> : null}
            {state === 'paused' ? <Badge tone="warning">Paused</Badge> : null}
          </div>
          {view.timer ? <p className={styles.muted}>Started at {formatTime(view.timer.started_at)}</p> : null}
          {state === 'stopped' && view.posted ? (
            <Alert tone="success" title="Time posted" live>
              {formatHours(view.posted.minutes)} posted to {view.company.name}&apos;s contract; it is on your timesheet.
            </Alert>
          ) : null}
          <div className={styles.row}>
            {state === 'idle' || state === 'stopped' ? (
              <Button variant="primary" size="lg" isDisabled={busy} onPress={() => tracker.send({ type: 'timer.start' })}>
                Start
              </Button>
            ) : null}
            {state === 'running' ? (
              <Button size="lg" isDisabled={busy} onPress={() => tracker.send({ type: 'timer.pause' })}>
                Pause
              </Button>
            ) : null}
            {state === 'paused' ? (
              <Button variant="primary" size="lg" isDisabled={busy} onPress={() => tracker.send({ type: 'timer.resume' })}>
                Resume
              </Button>
            ) : null}
            {state === 'running' || state === 'paused' ? (
              <Button size="lg" isDisabled={busy} onPress={() => tracker.send({ type: 'timer.stop' })}>
                Stop
              </Button>
            ) : null}
            {state === 'running' || state === 'paused' || state === 'discarding' ? (
              <Button size="lg" variant="quiet" isDisabled={busy} onPress={() => tracker.send({ type: 'timer.discard' })}>
                Discard
              </Button>
            ) : null}
          </div>
          <Dialog
            role="alertdialog"
            size="sm"
            title="Discard this timer?"
            isOpen={state === 'discarding'}
            onOpenChange={(open) => (open ? undefined : tracker.send({ type: 'discard.cancel' }))}
            footer={
              <>
                <Button variant="secondary" onPress={() => tracker.send({ type: 'discard.cancel' })}>
                  Keep timer
                </Button>
                <Button variant="danger" onPress={() => tracker.send({ type: 'discard.confirm' })}>
                  Discard timer
                </Button>
              </>
            }
          >
            <p>
              Its time is not posted to {view.company.name}&apos;s contract. Discard a timer that cannot be stopped (its time overlaps time tracked meanwhile), and log the time on the
              timesheet instead.
            </p>
          </Dialog>
          {state === 'stopping' ? (
            <section aria-label="Stop the timer" className={styles.stack}>
              <TextArea label="Note" value={note} onChange={setNote} maxLength={500} description="What was done; it goes on the time entry." autoFocus />
              <div className={styles.row}>
                <Button variant="primary" onPress={() => (tracker.send({ type: 'stop.confirm', note }), setNote(''))}>
                  Stop and post
                </Button>
                <Button onPress={() => tracker.send({ type: 'stop.cancel' })}>Keep running</Button>
              </div>
            </section>
          ) : null}
        </>
      ) : null}
      {state === 'failed' ? <Button onPress={() => tracker.send({ type: 'sync' })}>Try again</Button> : null}
    </main>
  );
}
