import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { TicketSummary } from '@contracts/home';
import { inspection } from '@/shared/inspection';
import { StaffSession } from '@/shared/session/staff-session';
import { myTicketsMachine } from '../machines/my-tickets.machine';
import { Badge, Card, EmptyState, LinkButton, PageHeader, PlusIcon, QueryView, RelativeTime, SeverityBadge, SkeletonText, Stat, TextLink, TicketStatusBadge } from '@/shared/ui/components';
import styles from './HomeScreen.module.css';

/** Shortcuts to the day's work, worded as tasks (the sidebar names the screens). */
const QUICK_LINKS: [string, string][] = [
  ['Find a ticket', '/ticket/search'],
  ['Find a company', '/company/search'],
  ['Invite a client user', '/client/portal/users'],
  ['Fill in my timesheet', '/timesheet'],
];

const isOverdue = (t: TicketSummary, now: number) => t.duedate !== null && Date.parse(t.duedate) < now;
const isDueToday = (t: TicketSummary, now: Date) => {
  if (!t.duedate) return false;
  const due = new Date(t.duedate);
  return due.getFullYear() === now.getFullYear() && due.getMonth() === now.getMonth() && due.getDate() === now.getDate();
};

function TicketItem({ ticket: t, now }: { ticket: TicketSummary; now: number }) {
  const overdue = isOverdue(t, now);
  return (
    <li className={styles.item}>
      <div className={styles.itemMain}>
        <Link href={`/ticket/${t.id}`} className={styles.itemTitle}>
          {t.title}
        </Link>
        <span className={styles.itemMeta}>
          #{t.id} · {t.company_name ?? 'N/A'} · {t.queue}
        </span>
      </div>
      <div className={styles.itemSide}>
        <TicketStatusBadge code={t.status} />
        <SeverityBadge code={t.severity} />
        <span className={styles.due}>
          {overdue ? (
            <Badge tone="danger" marker="diamond">
              Overdue
            </Badge>
          ) : null}{' '}
          {t.duedate ? (
            <>
              <span className={styles.dueLabel}>Due </span>
              <RelativeTime value={t.duedate} style="short" />
            </>
          ) : (
            <span className={styles.dueLabel}>No due date</span>
          )}
        </span>
      </div>
    </li>
  );
}

/** The signed-in user's desk: their open tickets (overdue first in mind), the figures that matter today, quick links. */
export default function HomeScreen() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const tickets = useActorRef(myTicketsMachine, { input: {}, inspect: inspection.inspect });
  const data = useSelector(tickets, (s) => s.context.data);
  const nowDate = new Date();
  const now = nowDate.getTime();
  const overdue = data?.filter((t) => isOverdue(t, now)).length ?? 0;
  const dueToday = data?.filter((t) => isDueToday(t, nowDate)).length ?? 0;

  return (
    <div className={styles.page}>
      <PageHeader
        title={`Welcome, ${username}`}
        subtitle="Your open tickets and what is due."
        actions={
          <LinkButton href="/create/ticket" variant="primary" size="sm" icon={<PlusIcon />}>
            New ticket
          </LinkButton>
        }
      />
      <div className={styles.stats} aria-label="Your figures" role="group">
        <Card padding="compact">
          <Stat label="Open tickets" value={data ? data.length : '–'} />
        </Card>
        <Card padding="compact">
          <Stat label="Overdue" value={data ? overdue : '–'} hint={overdue ? 'Past their due date' : undefined} />
        </Card>
        <Card padding="compact">
          <Stat label="Due today" value={data ? dueToday : '–'} />
        </Card>
      </div>
      <div className={styles.columns}>
        <Card asRegion id="my-tickets" title="My open tickets" padding="none" className={styles.tickets}>
          <QueryView
            actor={tickets}
            loading={<SkeletonText lines={5} label="Loading your tickets" className={styles.pad} />}
            errorFallback="Your tickets could not be loaded"
            alertClassName={styles.pad}
            empty={<EmptyState compact headingLevel={3} title="You have no open tickets." text="New tickets assigned to you show here." />}
          >
            {(mine) => (
              <ul className={styles.list}>
                {mine.map((t) => (
                  <TicketItem key={t.id} ticket={t} now={now} />
                ))}
              </ul>
            )}
          </QueryView>
        </Card>
        <Card title="Quick links" className={styles.links}>
          <ul className={styles.linkList}>
            {QUICK_LINKS.map(([label, href]) => (
              <li key={href}>
                <TextLink href={href}>{label}</TextLink>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
