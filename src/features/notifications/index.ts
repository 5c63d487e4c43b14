/** Notifications: the bell in the staff header (assigned to me, a client replied, my ticket turned overdue). */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { notificationsMachine } from './machines/notifications.machine';

export { NotificationBell } from './screens/NotificationBell';

export const machines: RegisteredMachine[] = [
  { id: 'notifications', machine: notificationsMachine, description: 'The notification bell: unread count every minute and on focus, the popover list, mark read.' },
];
