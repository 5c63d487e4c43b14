/**
 * The bell in the staff header: the unread count in its name ("Notifications, 3 unread") and on a
 * badge; it opens the popover, whose code loads when it first opens.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Button as AriaButton, DialogTrigger } from 'react-aria-components';
import { inspection } from '@/shared/inspection';
import { notificationsMachine, unreadOf } from '../machines/notifications.machine';
import styles from './Notifications.module.css';

const NotificationsPopover = lazy(() => import('./NotificationsPopover'));

/** The badge shows at most this; the name says the exact count. */
const BADGE_MAX = 99;

export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread');

export function NotificationBell() {
  const actor = useActorRef(notificationsMachine, { inspect: inspection.inspect });
  const unread = useSelector(actor, unreadOf);
  const open = useSelector(actor, (s) => s.matches({ popover: 'open' }));
  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => actor.send({ type: next ? 'notifications.open' : 'notifications.close' })}>
      <AriaButton className={styles.bell} aria-label={bellLabel(unread)}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 8.5a5 5 0 0 1 10 0c0 4 1.5 5.5 1.5 5.5h-13S5 12.5 5 8.5z" />
          <path d="M8.3 16.5a1.8 1.8 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        ) : null}
      </AriaButton>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPopover actor={actor} />
        </Suspense>
      ) : null}
    </DialogTrigger>
  );
}
