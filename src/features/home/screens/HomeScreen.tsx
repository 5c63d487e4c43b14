import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { homeTicketSearch, type MyDesk, type TicketSummary } from '@contracts/home';
import { ApprovalsHomeCard } from '@/features/approvals';
import { RecentKudosCard } from '@/features/forms';
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

/** The first rows of a list; the rest are in the ticket search, one "All N" link away. */
function TicketList({ tickets, now }: { tickets: TicketSummary[]; now: number }) {
  return (
    <ul className={styles.list}>
      {tickets.map((t) => (
        <TicketItem key={t.id} ticket={t} now={now} />
      ))}
    </ul>
  );
}

/** "All 55 open tickets": the ticket search with the filters that find every one the count counts. */
function AllLink({ count, what, href }: { count: number; what: string; href: string }) {
  return (
    <TextLink href={href} className={styles.all}>
      All {count} {what}
    </TextLink>
  );
}

type TicketListCardProps = {
  desk: ActorRefFrom<typeof myTicketsMachine>;
  id: string;
  title: string;
  description?: string;
  /** Which of the desk's lists the card shows. */
  list: (desk: MyDesk) => TicketSummary[];
  /** The "All N" link in the footer, once the counts are known (none when N is 0). */
  all: { count: number; what: string; href: string } | undefined;
  loading: { lines: number; label: string };
  errorFallback: string;
  empty: ReactNode;
  now: number;
};

/** One of Home's ticket lists: a card with its skeleton, failure, empty state or first rows, and its "All N" link. */
function TicketListCard({ desk, id, title, description, list, all, loading, errorFallback, empty, now }: TicketListCardProps) {
  return (
    <Card
      asRegion
      id={id}
      title={title}
      description={description}
      padding="none"
      className={styles.tickets}
      footer={all && all.count > 0 ? <AllLink count={all.count} what={all.what} href={all.href} /> : undefined}
    >
      <QueryView
        actor={desk}
        loading={<SkeletonText lines={loading.lines} label={loading.label} className={styles.pad} />}
        errorFallback={errorFallback}
        alertClassName={styles.pad}
        isEmpty={(d: MyDesk) => list(d).length === 0}
        empty={empty}
      >
        {(d) => <TicketList tickets={list(d)} now={now} />}
      </QueryView>
    </Card>
  );
}

/**
 * The signed-in user's desk as a compact dashboard: quick links at the top, their figures (counted
 * by the server), the first of their open and of their overdue tickets, each with its "All N" link
 * to the ticket search.
 */
export default function HomeScreen() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const desk = useActorRef(myTicketsMachine, { input: {}, inspect: inspection.inspect });
  const data = useSelector(desk, (s) => s.context.data);
  const now = Date.now();
  const counts = data?.counts;
  const link = (list: Parameters<typeof homeTicketSearch>[0]) => (data ? homeTicketSearch(list, data) : '/ticket/search');

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
      <Card title="Quick links" padding="compact" className={styles.links}>
        <ul className={styles.linkList}>
          {QUICK_LINKS.map(([label, href]) => (
            <li key={href}>
              <TextLink href={href}>{label}</TextLink>
            </li>
          ))}
        </ul>
      </Card>
      <div className={styles.stats} aria-label="Your figures" role="group">
        <Card padding="compact">
          <Stat label="Open tickets" value={counts ? counts.open : '–'} />
        </Card>
        <Card padding="compact">
          <Stat label="Overdue" value={counts ? counts.overdue : '–'} hint={counts?.overdue ? 'Past their due date' : undefined} />
        </Card>
        <Card padding="compact">
          <Stat label="Due today" value={counts ? counts.due_today : '–'} hint={counts?.due_today ? <AllLink count={counts.due_today} what="due today" href={link('dueToday')} /> : undefined} />
        </Card>
        {/* The fallback has the card's own shape (its link line too), so nothing below moves when the count arrives. */}
        <Suspense fallback={<Card padding="compact"><Stat label="Waiting for my approval" value="–" hint={<TextLink href="/approvals">Open approvals</TextLink>} /></Card>}>
          <ApprovalsHomeCard />
        </Suspense>
      </div>
      <div className={styles.columns}>
        <TicketListCard
          desk={desk}
          id="my-tickets"
          title="My open tickets"
          description="Due next"
          list={(d) => d.tickets}
          all={counts ? { count: counts.open, what: 'open tickets', href: link('open') } : undefined}
          loading={{ lines: 5, label: 'Loading your tickets' }}
          errorFallback="Your tickets could not be loaded"
          empty={
            data && data.counts.open > 0 ? (
              <EmptyState compact headingLevel={3} title="Nothing else is due." text="Your open tickets are all overdue." />
            ) : (
              <EmptyState compact headingLevel={3} title="You have no open tickets." text="New tickets assigned to you show here." />
            )
          }
          now={now}
        />
        <TicketListCard
          desk={desk}
          id="my-overdue-tickets"
          title="Overdue"
          list={(d) => d.overdue}
          all={counts ? { count: counts.overdue, what: 'overdue tickets', href: link('overdue') } : undefined}
          loading={{ lines: 3, label: 'Loading your overdue tickets' }}
          errorFallback="Your overdue tickets could not be loaded"
          empty={<EmptyState compact headingLevel={3} title="Nothing is overdue." text="Tickets past their due date show here first." />}
          now={now}
        />
      </div>
      <Suspense fallback={<SkeletonText lines={3} label="Loading recent kudos" />}>
        <RecentKudosCard />
      </Suspense>
    </div>
  );
}
