import { Button } from '@/shared/ui/components/button/Button';
import { toast } from './toast';

/**
 * The UI kit gallery's buttons that show a toast of each tone in the app's region. Only the kit's
 * own demonstration adds toasts by hand: everything else says what happened through a machine
 * (`notify`, src/shared/machines/notify.ts).
 */
export function ToastDemoButtons() {
  return (
    <>
      <Button onPress={() => toast.success('Ticket saved')}>Success</Button>
      <Button onPress={() => toast.error('Could not save the ticket', { description: 'The server did not answer. Try again.' })}>Error</Button>
      <Button onPress={() => toast.info('Survey sent', { action: { label: 'Undo', onAction: () => toast.info('Survey withdrawn') } })}>Info with action</Button>
      <Button onPress={() => toast.warning('Due date is on a weekend')}>Warning</Button>
    </>
  );
}
