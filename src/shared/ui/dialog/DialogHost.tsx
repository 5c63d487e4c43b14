import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { dialogService as appDialogService, type DialogService } from '@/shared/machines/dialog.machine';

const DialogView = lazy(() => import('./DialogView'));

/**
 * Renders the dialog service's current dialog. Mount it once per app; the dialog code loads only
 * when a dialog first opens.
 */
export function DialogHost({ service = appDialogService }: { service?: DialogService }) {
  const open = useSelector(service.actor, (s) => s.hasTag('open'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DialogView actor={service.actor} />
    </Suspense>
  );
}
