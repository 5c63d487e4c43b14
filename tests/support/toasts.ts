/**
 * View tests that read the toasts: machines' notices are shown as toasts, as the app provides them
 * once (src/app/App.tsx), for the tests of the file; the toasts are cleared after each test.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { provideNotifier } from '@/shared/machines/notify';
import { toastQueue } from '@/shared/ui/components/toast/toast';
import { toastNotifier } from '@/shared/ui/components/toast/toast-notifier';

export { toastQueue };

export function showNoticesAsToasts(): void {
  let restore: () => void = () => undefined;
  beforeAll(() => {
    restore = provideNotifier(toastNotifier());
  });
  afterEach(() => toastQueue.clear());
  afterAll(() => restore());
}
