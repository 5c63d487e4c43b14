import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CALENDAR_WEEKS, calendarTitle, scrPath, type ChangeCalendar as Calendar, type ChangeFeed } from '@contracts/changes';
import { addDays } from '@contracts/time';
import { changeCalendarMachine, selectAddForm, selectCreated, type ChangeCalendarActor } from '../machines/change-calendar.machine';
import { changeCalendarQueryMachine, changeFeedsMachine } from '../machines/changes.machines';
import { ScrStatusBadge } from './parts';
import styles from './changes.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Button, Card, DateTime, QueryView, SkeletonCard, TextField, VisuallyHidden } from '@/shared/ui/components';
import { formatDate, formatDayHeader } from '@/shared/ui/tokens/format';

/** Calendar days are days, not instants: read in UTC so every reader's zone shows the same day. */
const DAY = { timeZone: 'UTC' };

/** The weeks of planned releases: one row per week (its Monday), each change request a link to its page. */
function Weeks({ calendar, onMove }: { calendar: Calendar; onMove: (monday: string) => void }) {
  const first = calendar.weeks[0]!.monday;
  const last = calendar.weeks.at(-1)!.monday;
  return (
    <div className={styles.calendar}>
      <div className={styles.calendarNav}>
        <Button size="sm" variant="secondary" onPress={() => onMove(addDays(first, -7 * CALENDAR_WEEKS))}>
          Earlier weeks
        </Button>
        <span className={styles.muted}>
          {formatDate(first, DAY)} – {formatDate(addDays(last, 6), DAY)}
        </span>
        <Button size="sm" variant="secondary" onPress={() => onMove(addDays(first, 7 * CALENDAR_WEEKS))}>
          Later weeks
        </Button>
      </div>
      <table className={styles.weeks}>
        <caption>
          <VisuallyHidden>Planned releases per week</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Planned releases</th>
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((w) => (
            <tr key={w.monday}>
              <th scope="row">{formatDayHeader(w.monday)}</th>
              <td>
                {w.items.length === 0 ? (
                  <span className={styles.muted}>Nothing planned</span>
                ) : (
                  <ul className={styles.planned}>
                    {w.items.map((i) => (
                      <li key={i.id}>
                        <span className={styles.plannedDay}>{formatDayHeader(i.target_date)}</span>
                        <Link href={scrPath(i.id)}>{calendarTitle(i.id, i.title)}</Link>
                        <span className={styles.muted}>{i.company}</span>
                        <ScrStatusBadge status={i.status} />
                        {i.emergency ? <Badge tone="danger">Emergency</Badge> : null}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** My feeds: a new secret address (shown once), and each live one with its revoke button. */
function Feeds({ feeds, screen }: { feeds: ChangeFeed[]; screen: ChangeCalendarActor }) {
  const created = useSelector(screen, selectCreated);
  const addForm = useSelector(screen, selectAddForm);
  const adding = useSelector(addForm, (s) => s?.hasTag('busy') ?? false);
  return (
    <Card title="Calendar feed" headingLevel={2}>
      <div className={styles.form}>
        <p className={styles.intro}>Subscribe to planned releases from Outlook, Google or Apple Calendar. The address is secret: anyone who has it can read the calendar, so revoke it when it is no longer needed.</p>
        {created ? (
          <div className={styles.form}>
            <TextField label="Your new feed address (shown once)" value={created} isReadOnly description="Copy it into your calendar app now." />
            <div className={styles.actions}>
              <Button size="sm" variant="primary" onPress={() => screen.send({ type: 'created.copy' })}>
                Copy
              </Button>
              <Button size="sm" variant="secondary" onPress={() => screen.send({ type: 'created.dismiss' })}>
                Done
              </Button>
            </div>
          </div>
        ) : null}
        {feeds.length ? (
          <ul className={styles.feeds} aria-label="My calendar feeds">
            {feeds.map((f) => (
              <li key={f.id}>
                <span>
                  Feed made <DateTime value={f.createdAt} />
                </span>
                <Button size="sm" variant="secondary" onPress={() => screen.send({ type: 'feed.revoke', id: f.id })} aria-label={`Revoke the feed made ${formatDate(f.createdAt)}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>You have no calendar feed yet.</p>
        )}
        <div className={styles.actions}>
          <Button size="sm" variant="primary" isPending={adding} onPress={() => screen.send({ type: 'feed.add' })}>
            New feed address
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The change calendar (the list page's Calendar view): weeks from `?from=` (this week when none), and my feeds. */
export default function ChangeCalendar() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const from = new URLSearchParams(search).get('from');
  const weeks = useActorRef(changeCalendarQueryMachine, { input: { query: from }, inspect: inspection.inspect });
  const feeds = useActorRef(changeFeedsMachine, { input: {}, inspect: inspection.inspect });
  const screen = useActorRef(changeCalendarMachine, { input: { feeds }, inspect: inspection.inspect });
  useEffect(() => {
    // The address's week changed (Earlier/Later, back and forward): load those weeks.
    if (weeks.getSnapshot().context.query !== from) weeks.send({ type: 'query.set', query: from });
  }, [from, weeks]);
  const move = (monday: string) => {
    const next = new URLSearchParams(search);
    next.set('from', monday);
    navigate(`${location}?${next.toString()}`);
  };
  return (
    <div className={styles.page}>
      <QueryView actor={weeks} errorFallback="The change calendar could not be loaded" loading={<SkeletonCard label="Loading the change calendar" />}>
        {(calendar) => <Weeks calendar={calendar} onMove={move} />}
      </QueryView>
      <QueryView actor={feeds} errorFallback="Your calendar feeds could not be loaded" loading={<SkeletonCard label="Loading your calendar feeds" />}>
        {(list) => <Feeds feeds={list} screen={screen} />}
      </QueryView>
    </div>
  );
}
