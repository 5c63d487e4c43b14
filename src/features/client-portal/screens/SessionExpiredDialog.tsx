import { Button, Dialog, Heading, Modal } from 'react-aria-components';
import { ClientSession } from '@/shared/session/client-session';
import { SESSION_EXPIRED_DIALOG } from '@contracts/common/constants';

/**
 * The Session Expired warning of spec 8: not closed by Escape or a click outside; its one
 * button leads to the login page.
 */
export default function SessionExpiredDialog() {
  const open = ClientSession.useSelector((s) => s.hasTag('sessionExpired'));
  const session = ClientSession.useActorRef();
  return (
    <Modal isOpen={open} isDismissable={false} isKeyboardDismissDisabled className="modal" data-testid="session-expired">
      <Dialog role="alertdialog" className="dialog dialog-warning">
        <Heading slot="title">{SESSION_EXPIRED_DIALOG.title}</Heading>
        <p>{SESSION_EXPIRED_DIALOG.message}</p>
        <div className="dialog-actions">
          <Button className="btn" autoFocus onPress={() => session.send({ type: 'session.expiredAcknowledged' })}>
            {SESSION_EXPIRED_DIALOG.button}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
