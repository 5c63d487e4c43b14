/** The list under the bell: the newest notifications, each a link to its ticket, and Mark all read. */
import { useSelector } from '@xstate/react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { Button, Skeleton } from '@/shared/ui/components';
import { formatDateTime, formatRelative } from '@/shared/ui/tokens/format';
import type { Notification } from '../api';
import { hasUnreadShown, type notificationsMachine } from '../machines/notifications.machine';
import styles from './Notifications.module.css';

/** What a notification says, in a person's words. */
export function notificationText(n: Pick<Notification, 'kind' | 'actor' | 'ticket_id'>): string {
  if (n.kind === 'assigned') return `${n.actor ?? 'Someone'} assigned you ticket #${n.ticket_id}`;
  if (n.kind === 'client_reply') return `${n.actor ?? 'The client'} replied on ticket #${n.ticket_id}`;
  return `Ticket #${n.ticket_id} is overdue`;
}

type Props = { actor: ActorRefFrom<typeof notificationsMachine> };

export default function NotificationsPopover({ actor }: Props) {
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const anyUnread = useSelector(actor, (s) => hasUnreadShown(s.context));
  const loading = useSelector(actor, (s) => s.matches({ popover: { open: 'loading' } }));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const marking = useSelector(actor, (s) => s.matches({ popover: { open: 'markingAll' } }));
  return (
    <Popover className={styles.popover} placement="bottom end" offset={6}>
      <Dialog className={styles.dialog} aria-label="Notifications">
        <div className={styles.head}>
          <Heading slot="title" className={styles.heading}>
            Notifications
          </Heading>
          <Button
            size="sm"
            variant="quiet"
            isDisabled={!anyUnread || loading || failed}
            isPending={marking}
            pendingLabel="Marking read"
            onPress={() => actor.send({ type: 'notifications.markAllRead' })}
          >
            Mark all read
          </Button>
        </div>
        {loading && items.length === 0 ? (
          <div className={styles.loading} aria-busy="true" aria-label="Loading notifications">
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
          </div>
        ) : failed ? (
          <div className={styles.failed} role="alert">
            <p>Could not load your notifications.</p>
            <Button size="sm" onPress={() => actor.send({ type: 'notifications.retry' })}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className={styles.empty}>You are all caught up. Tickets assigned to you, client replies and overdue tickets show here.</p>
        ) : (
          <ul className={styles.list}>
            {items.map((n) => (
              <li key={n.id}>
                <Link
                  href={`/ticket/${n.ticket_id}`}
                  className={styles.item}
                  data-unread={n.read ? undefined : true}
                  onClick={() => actor.send({ type: 'notifications.openTicket', id: n.id })}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  <span className={styles.text}>
                    <span className={styles.what}>
                      {n.read ? null : <span className="sr-only">Unread: </span>}
                      {notificationText(n)}
                    </span>
                    <span className={styles.title}>{n.ticket_title}</span>
                    <time className={styles.when} dateTime={n.created_at} title={formatDateTime(n.created_at)}>
                      {formatRelative(n.created_at)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {total > items.length && !failed ? (
          <p className={styles.more}>
            The newest {items.length} of {total}.
          </p>
        ) : null}
      </Dialog>
    </Popover>
  );
}
