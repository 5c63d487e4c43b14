/** A live board: its header (title, clock, freshness) and the tiles of its snapshot. Reads the connection machine only. */
import { Suspense, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { LIVE_BOARD_TITLES, liveBoardTabTitle, type BoardDataOf } from '@contracts/live-displays';
import { usePageTitle } from '@/shared/page-title';
import { Chart } from '@/shared/ui/chart';
import { formatCents } from '@contracts/quote-money';
import { formatDateTime, formatTime } from '@/shared/ui/tokens/format';
import {
  selectBoard,
  selectLastMessageAt,
  selectNow,
  selectRefusal,
  selectSnapshot,
  selectStaleSince,
  type LiveConnectionRef,
} from '../machines/live-connection.machine';
import styles from './Board.module.css';

const clockText = (ms: number) => formatTime(ms);
/** The end of a watch: its time when it ends within the day, its day and time otherwise. */
const onCallUntil = (until: string, now: number) => (Date.parse(until) - now < 86_400_000 ? formatTime(until) : formatDateTime(until));
const ageText = (seconds: number) => (seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 3600)} h`);

function Tile({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${styles.tile} ${className ?? ''}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Figure({ title, value, tone, sub, className }: { title: string; value: number | string; tone?: string; sub?: ReactNode; className?: string }) {
  return (
    <Tile title={title} className={className}>
      <div className={`${styles.big} ${tone ? styles[tone] : ''}`}>{value}</div>
      {sub ? <div className={styles.sub}>{sub}</div> : null}
    </Tile>
  );
}

function Rows({ rows, empty }: { rows: { key: string | number; label: string; value: ReactNode }[]; empty: string }) {
  if (!rows.length) return <p className={styles.sub}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {rows.map((r) => (
        <li key={r.key} className={styles.row}>
          <span>{r.label}</span>
          <span>{r.value}</span>
        </li>
      ))}
    </ul>
  );
}

function Support({ d, now }: { d: BoardDataOf<'support'>; now: number }) {
  const oldestDays = d.oldestOpen ? Math.floor((now - Date.parse(d.oldestOpen.createdAt)) / 86_400_000) : 0;
  return (
    <div className={styles.grid}>
      <Figure title="Critical" value={d.openBySeverity.C} tone={d.openBySeverity.C ? 'critical' : undefined} />
      <Figure title="High" value={d.openBySeverity.H} tone={d.openBySeverity.H ? 'high' : undefined} />
      <Figure title="Medium" value={d.openBySeverity.M} />
      <Figure title="Low" value={d.openBySeverity.L} />
      <Figure title="Overdue" value={d.overdue} tone={d.overdue ? 'bad' : 'good'} sub={`of ${d.open} open`} />
      <Figure title="Unassigned" value={d.unassigned} tone={d.unassigned ? 'warn' : 'good'} />
      <Figure title="Opened today" value={d.openedToday} />
      <Figure title="Closed today" value={d.closedToday} tone="good" />
      <Tile title="On call now" className={styles.pair}>
        {d.onCall.length ? (
          <ul className={styles.list}>
            {d.onCall.map((w) => (
              <li key={`${w.team}-${w.name}`} className={styles.watch}>
                <span className={styles.person}>{w.name}</span>
                <span className={styles.sub}>
                  {w.team} · until {onCallUntil(w.until, now)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.sub}>Nobody is on call.</p>
        )}
      </Tile>
      <Tile title="Oldest open" className={styles.wide}>
        {d.oldestOpen ? (
          <div className={styles.row}>
            <span>
              #{d.oldestOpen.id} {d.oldestOpen.title}
            </span>
            <span>{oldestDays} days</span>
          </div>
        ) : (
          <p className={styles.sub}>No open tickets.</p>
        )}
      </Tile>
      <Tile title="Open tickets per technician" className={styles.wide}>
        <Rows rows={d.load.map((l) => ({ key: l.name, label: l.name, value: l.critical ? `${l.open} (${l.critical} critical)` : l.open }))} empty="No assigned open tickets." />
      </Tile>
    </div>
  );
}

function ManagedServices({ d }: { d: BoardDataOf<'managedservices'> }) {
  return (
    <div className={styles.grid}>
      <Figure title="MS tickets open" value={d.open} />
      <Figure title="MS tickets overdue" value={d.overdue} tone={d.overdue ? 'bad' : 'good'} />
      <Figure title="Contracts past 80 %" value={d.past80} tone={d.past80 ? 'warn' : 'good'} />
      <Figure title="Past 95 %" value={d.past95} tone={d.past95 ? 'warn' : 'good'} />
      <Figure title="Past 100 %" value={d.past100} tone={d.past100 ? 'bad' : 'good'} />
      <Tile title="Hours used of included, this month" className={styles.wide}>
        {d.contracts.length ? (
          <ul className={styles.list}>
            {d.contracts.map((c) => (
              <li key={c.company}>
                <div className={styles.row}>
                  <span>
                    {c.company} · {c.plan}
                  </span>
                  <span className={c.percent >= 100 ? styles.bad : c.percent >= 80 ? styles.warn : undefined}>
                    {(c.usedMinutes / 60).toFixed(1)} / {(c.includedMinutes / 60).toFixed(0)} h ({c.percent} %)
                  </span>
                </div>
                <div className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${Math.min(100, c.percent)}%`, background: c.percent >= 100 ? 'var(--board-bad)' : c.percent >= 80 ? 'var(--board-warn)' : undefined }} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.sub}>No active managed-services contracts.</p>
        )}
      </Tile>
    </div>
  );
}

function Development({ d }: { d: BoardDataOf<'development'> }) {
  return (
    <div className={styles.grid}>
      <Figure title="Waiting on programming" value={d.waitingOnProgramming} tone={d.waitingOnProgramming ? 'warn' : 'good'} />
      {d.scrByStage.map((s) => (
        <Figure key={s.stage} title={`SCRs ${s.label.toLowerCase()}`} value={s.count} />
      ))}
      <Tile title={d.sprint ? `Active sprint: ${d.sprint.name} (${d.sprint.project})` : 'Active sprint'} className={styles.wide}>
        {d.sprint ? (
          <Suspense fallback={<p className={styles.sub}>Drawing the burndown…</p>}>
            <Chart spec={d.sprint.chart} height={320} table="none" />
          </Suspense>
        ) : (
          <p className={styles.sub}>No sprint is active.</p>
        )}
      </Tile>
    </div>
  );
}

function Quality({ d, now }: { d: BoardDataOf<'quality'>; now: number }) {
  const oldest = d.items[0];
  const days = (since: string) => Math.max(0, Math.floor((now - Date.parse(since)) / 86_400_000));
  return (
    <div className={styles.grid}>
      <Figure title="Items in QA" value={d.inQa} tone={d.inQa ? 'warn' : 'good'} sub={`${d.waiting} waiting · ${d.testing} being tested`} />
      <Figure
        title="Pass rate this week"
        value={d.passRateThisWeek === null ? '–' : `${d.passRateThisWeek} %`}
        tone={d.passRateThisWeek === null ? undefined : d.passRateThisWeek >= 80 ? 'good' : 'warn'}
        sub={d.runsThisWeek === 1 ? '1 run finished' : `${d.runsThisWeek} runs finished`}
      />
      <Figure title="Failures returned this week" value={d.failuresReturnedThisWeek} tone={d.failuresReturnedThisWeek ? 'bad' : 'good'} sub="sent back to development" />
      <Figure title="Oldest item" value={oldest ? `${days(oldest.since)} d` : '–'} sub={oldest ? oldest.label : 'Nothing is waiting in QA.'} />
      <Figure title="QA queue tickets open" value={d.qaTickets} />
      <Tile title="In QA now" className={styles.wide}>
        <Rows
          rows={d.items.map((i) => ({ key: i.id, label: `${i.label} · ${i.priority.charAt(0).toUpperCase()}${i.priority.slice(1)}`, value: `${i.tester ?? 'No tester yet'} · ${days(i.since)} d` }))}
          empty="Nothing is waiting in QA."
        />
      </Tile>
    </div>
  );
}

const KINDS = [
  ['call', 'Calls'],
  ['letter', 'Letters'],
  ['lead', 'Leads'],
  ['sale', 'Closed sales'],
] as const;

function Sales({ d }: { d: BoardDataOf<'sales'> }) {
  return (
    <div className={styles.grid}>
      {KINDS.map(([k, label]) => (
        <Figure key={k} title={`${label} today`} value={d.today[k]} sub={`${d.month[k]} this month${d.monthTargets[k] ? ` of ${d.monthTargets[k]} target` : ''}`} tone={d.monthTargets[k] && d.month[k] >= d.monthTargets[k] ? 'good' : undefined} />
      ))}
      <Figure title="Revenue this month" value={formatCents(d.monthRevenueCents)} className={styles.pair} />
      <Tile title="Leaderboard this month" className={styles.wide}>
        <Rows rows={d.leaderboard.map((l, i) => ({ key: l.name, label: `${i + 1}. ${l.name}`, value: `${formatCents(l.amountCents)} · ${l.sales} ${l.sales === 1 ? 'sale' : 'sales'}` }))} empty="No sales closed yet this month." />
      </Tile>
    </div>
  );
}

/** The board of the connection: header and tiles, "updated N s ago", "stale since …" while reconnecting. */
export function BoardView({ connection, back }: { connection: LiveConnectionRef; back?: ReactNode }) {
  const board = useSelector(connection, selectBoard);
  // The tab says which board this is (a TV's rotation retitles it with each board).
  usePageTitle(liveBoardTabTitle(board));
  const snapshot = useSelector(connection, selectSnapshot);
  const now = useSelector(connection, selectNow);
  const staleSince = useSelector(connection, selectStaleSince);
  const lastAt = useSelector(connection, selectLastMessageAt);
  const refusal = useSelector(connection, selectRefusal);
  const data = snapshot?.data;
  const updated = snapshot ? Math.max(0, Math.round((now - Date.parse(snapshot.at)) / 1000)) : null;
  return (
    <main className={styles.board} data-board={board}>
      <header className={styles.header}>
        <h1 className={styles.title}>{LIVE_BOARD_TITLES[board]}</h1>
        <div className={styles.meta}>
          {staleSince !== null ? (
            <span className={styles.stale} role="status">
              Stale since {clockText(staleSince)}: reconnecting…
            </span>
          ) : (
            <span className={styles.status} role="status" aria-live="off">
              {updated === null ? (lastAt ? 'Live' : 'Connecting…') : `Updated ${ageText(updated)} ago`}
            </span>
          )}
          <time className={styles.clock} dateTime={new Date(now).toISOString()}>
            {clockText(now)}
          </time>
          {back}
        </div>
      </header>
      {refusal ? (
        <p className={styles.refused} role="alert">
          {refusal}
        </p>
      ) : null}
      {!data ? (
        <p className={styles.loading}>Loading the board…</p>
      ) : data.board === 'support' ? (
        <Support d={data} now={now} />
      ) : data.board === 'managedservices' ? (
        <ManagedServices d={data} />
      ) : data.board === 'development' ? (
        <Development d={data} />
      ) : data.board === 'quality' ? (
        <Quality d={data} now={now} />
      ) : (
        <Sales d={data} />
      )}
    </main>
  );
}
