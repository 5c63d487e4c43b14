/**
 * A ticket (ticketView): header, thread, changes, time. Kept mounted by the shell when left. The
 * ticket's machine (ticket-view.machine.ts) loads and saves; this is its markup.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { TicketView } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { selectLoadError, selectLoadFailed, selectSaveError, selectTicketView, ticketViewMachine } from '../machines/ticket-view.machine';
import { TicketConversation } from './TicketConversation';
import { TicketChange, TicketProperties, TicketSurveys, TicketTime } from './TicketSide';
import { usePageTitle } from '@/shared/page-title';
import { inspection } from '@/shared/inspection';
import { browserStorage, staffSessionStore } from '@/shared/storage';
import { useScreenShortcuts } from '@/shared/shortcuts/screen-shortcuts';
import { Alert, Badge, Button, DateTime, PageHeader, SeverityBadge, SkeletonCard, SkeletonText, TicketStatusBadge as StatusBadge } from '@/shared/ui/components';
import styles from './TicketViewScreen.module.css';

export default function TicketViewScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  usePageTitle(Number.isFinite(id) ? `Ticket #${id}` : 'Ticket');
  // The signed-in user (the tab's session), whom the "a" shortcut assigns.
  const me = Number(staffSessionStore(browserStorage()).read().userid) || null;
  const ticket = useActorRef(ticketViewMachine, { input: { id, me }, inspect: inspection.inspect });
  useScreenShortcuts('On a ticket', { assignToMe: () => ticket.send({ type: 'ticket.assignToMe' }), changeStatus: () => ticket.send({ type: 'ticket.pickStatus' }) });
  const view = useSelector(ticket, selectTicketView);
  const failed = useSelector(ticket, selectLoadFailed);
  const error = useSelector(ticket, selectLoadError);
  const saveError = useSelector(ticket, selectSaveError);

  if (failed) {
    return (
      <>
        <PageHeader title={`Ticket ${params.id}`} />
        <Alert tone="danger" live title={error ?? 'The ticket could not be loaded.'}>
          <Button size="sm" onPress={() => ticket.send({ type: 'ticket.reload' })}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  if (!view)
    return (
      <div className={styles.layout} aria-busy="true">
        <div className={styles.main}>
          <SkeletonText lines={2} label="Loading the ticket" />
          <SkeletonCard />
        </div>
        <div className={styles.side}>
          <SkeletonCard />
        </div>
      </div>
    );
  return (
    <>
      <TicketHeader view={view} />
      {saveError ? <Alert tone="danger" live title={saveError} /> : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <TicketConversation ticket={ticket} view={view} />
        </div>
        <div className={styles.side}>
          <TicketProperties view={view} />
          <TicketChange ticket={ticket} view={view} />
          <TicketTime ticket={ticket} view={view} />
          <TicketSurveys ticket={ticket} view={view} />
        </div>
      </div>
    </>
  );
}

function TicketHeader({ view }: { view: TicketView }) {
  const t = view.ticket;
  return (
    <PageHeader
      title={`#${t.id} ${t.title}`}
      className={`ticket-header ${styles.header}`}
      meta={
        <span className={styles.badges}>
          <StatusBadge code={t.status} /> <SeverityBadge code={t.severity} />
          {t.overdue ? (
            <Badge tone="danger" variant="solid" marker="diamond">
              Overdue
            </Badge>
          ) : null}
        </span>
      }
      subtitle={
        <span className={styles.facts}>
          <span>{t.company_id ? <Link href={`/company/${t.company_id}`}>{t.company_name}</Link> : 'N/A'}</span>
          <span>{t.contact_name ?? 'No contact'}</span>
          <span>{t.assignee_name ?? 'Unassigned'}</span>
          <span>
            Due <DateTime value={t.duedate} />
          </span>
        </span>
      }
    />
  );
}
