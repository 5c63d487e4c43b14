import { useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { SCR_STATUS_LABELS } from '@contracts/client-portal';
import { dashboardMachine, paperOrdersMachine } from '../machines/dashboard.machines';
import { Badge, Card, EmptyState, LinkButton, PageHeader, QueryView, RelativeTime, SeverityBadge, SkeletonCard, TicketStatusBadge } from '@/shared/ui/components';
import { PAPER_STATUS_LABELS, PAPER_STATUS_TONES, SCR_STATUS_TONES } from './labels';
import styles from './ClientDashboard.module.css';
import { usePageTitle } from '@/shared/page-title';

/** The latest paper orders shown on the dashboard; the rest are on /paper. */
const RECENT_ORDERS = 3;

function PaperOrdersCard() {
  const query = useActorRef(paperOrdersMachine, { input: { query: null } });
  return (
    <Card
      title="Paper orders"
      asRegion
      padding="none"
      footer={
        <Link href="/paper" className={styles.footerLink}>
          All paper orders
        </Link>
      }
    >
      <QueryView
        actor={query}
        loading={<SkeletonCard label="Loading paper orders" />}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyState compact headingLevel={null} title="No paper orders yet." text="Order paper in a few clicks; we ship it to the address you give." actions={<LinkButton href="/paper" size="sm">Order paper</LinkButton>} />}
      >
        {(page) => (
          <ul className={styles.list}>
            {page.items.slice(0, RECENT_ORDERS).map((o) => (
              <li key={o.id} className={styles.item}>
                <div className={styles.itemTop}>
                  <span className={styles.itemTitle}>
                    <span className={styles.id}>#{o.id}</span>
                    {o.quantity} × {o.product_name}
                  </span>
                  <Badge tone={PAPER_STATUS_TONES[o.status]}>{PAPER_STATUS_LABELS[o.status]}</Badge>
                </div>
                <div className={styles.meta}>
                  Ordered <RelativeTime value={o.created_at} />
                  {o.po_number ? <span>· PO {o.po_number}</span> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

export default function ClientDashboard() {
  const user = ClientSession.useSelector((s) => s.context.user);
  usePageTitle('Dashboard');
  const query = useActorRef(dashboardMachine, { input: { query: null } });

  return (
    <>
      <PageHeader title={user?.companyName} subtitle={`Welcome, ${user?.name ?? ''}.`} />
      <nav aria-label="Quick actions" className={styles.actions}>
        <LinkButton href="/tickets?new=1" variant="primary">
          Create a ticket
        </LinkButton>
        <LinkButton href="/paper">Order paper</LinkButton>
        <LinkButton href="/contact/support">Contact support</LinkButton>
        <LinkButton href="/software/change/request">Request a software change</LinkButton>
      </nav>
      <QueryView
        actor={query}
        loading={
          <div className={styles.skeletons}>
            <SkeletonCard label="Loading your dashboard" />
            <SkeletonCard />
            <SkeletonCard />
          </div>
        }
      >
        {(dash) => (
          <div className={styles.grid}>
            <Card
              title={
                <>
                  Open tickets <span className={styles.count}>({dash.openTicketCount})</span>
                </>
              }
              asRegion
              padding="none"
              footer={
                <Link href="/tickets" className={styles.footerLink}>
                  All tickets
                </Link>
              }
            >
              {dash.openTickets.length === 0 ? (
                <EmptyState compact headingLevel={null} title="No open tickets." text="Everything you asked us is answered." actions={<LinkButton href="/tickets?new=1" size="sm">Create a ticket</LinkButton>} />
              ) : (
                <ul className={styles.list}>
                  {dash.openTickets.map((t) => (
                    <li key={t.id} className={styles.item}>
                      <span className={`${styles.itemTitle} ${styles.wrapTitle}`}>
                        <Link href={`/tickets?id=${t.id}`}>
                          <span className={styles.id}>#{t.id}</span>
                          {t.title}
                        </Link>
                      </span>
                      <div className={styles.meta}>
                        <span className={styles.badges}>
                          <TicketStatusBadge code={t.status} />
                          <SeverityBadge code={t.severity} />
                        </span>
                        <span>
                          Updated <RelativeTime value={t.updated_at} />
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="Recent replies" asRegion padding="none">
              {dash.recentReplies.length === 0 ? (
                <EmptyState compact headingLevel={null} title="No replies yet." text="Our answers to your tickets show here as they arrive." />
              ) : (
                <ul className={styles.list}>
                  {dash.recentReplies.map((r) => (
                    <li key={`${r.ticket_id}-${r.created_at}`} className={styles.item}>
                      <span className={styles.itemTitle}>
                        <Link href={`/tickets?id=${r.ticket_id}`}>{r.ticket_title}</Link>
                      </span>
                      <div className={styles.meta}>
                        {r.author}, <RelativeTime value={r.created_at} />
                      </div>
                      <p className={styles.excerpt}>{r.body}</p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <PaperOrdersCard />
            <Card
              title="Open software change requests"
              asRegion
              padding="none"
              footer={
                <Link href="/software/change/request" className={styles.footerLink}>
                  All change requests
                </Link>
              }
            >
              {dash.openScrs.length === 0 ? (
                <EmptyState compact headingLevel={null} title="No open change requests." />
              ) : (
                <ul className={styles.list}>
                  {dash.openScrs.map((s) => (
                    <li key={s.id} className={styles.item}>
                      <div className={styles.itemTop}>
                        <span className={styles.itemTitle}>{s.title}</span>
                        <Badge tone={SCR_STATUS_TONES[s.status]}>{SCR_STATUS_LABELS[s.status]}</Badge>
                      </div>
                      <div className={styles.meta}>
                        Updated <RelativeTime value={s.updated_at} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </QueryView>
    </>
  );
}
