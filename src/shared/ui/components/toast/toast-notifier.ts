import type { Notifier } from '@/shared/machines/notify';
import { toastQueue, type ToastQueue } from './toast';

/**
 * Machines' notices as toasts: a keyed notice replaces the toast shown with its key, so a repeated
 * failure shows once, and dismissing the key closes it.
 */
export function toastNotifier(queue: ToastQueue = toastQueue): Notifier {
  const byKey = new Map<string, string>();
  return {
    show(notice) {
      const previous = notice.key ? byKey.get(notice.key) : undefined;
      if (previous) queue.close(previous);
      const id = queue.add({ title: notice.title, tone: notice.tone, ...(notice.description ? { description: notice.description } : {}) });
      if (notice.key) byKey.set(notice.key, id);
    },
    dismiss(key) {
      const id = byKey.get(key);
      if (id) queue.close(id);
      byKey.delete(key);
    },
  };
}
