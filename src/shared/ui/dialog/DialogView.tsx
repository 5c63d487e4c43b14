import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { withDefaults, type DialogService } from '@/shared/machines/dialog.machine';
import { buttonClassName } from '@/shared/ui/components/button/Button';
import { cx } from '@/shared/ui/components/cx';
import styles from './Dialog.module.css';

/** Named colours map to shades that keep white text readable (WCAG AA). */
const SHADES: Record<string, string> = { blue: '#1d4ed8', red: '#b91c1c' };
const shade = (colour: string) => SHADES[colour] ?? colour;

/** One open dialog of the dialog service: focus is trapped inside and restored on close. */
export default function DialogView({ actor }: { actor: DialogService['actor'] }) {
  const current = useSelector(actor, (s) => s.context.current);
  const value = useSelector(actor, (s) => s.context.value);
  const error = useSelector(actor, (s) => s.context.error);
  const id = useId();
  if (!current) return null;
  const d = withDefaults(current);
  const send = actor.send;
  return (
    <ModalOverlay
      isOpen
      isDismissable={d.dismissable}
      isKeyboardDismissDisabled={!d.dismissable}
      onOpenChange={(isOpen) => {
        if (!isOpen) send({ type: 'dialog.dismiss' });
      }}
      className={cx(styles.overlay, styles[`pos-${d.position}`])}
      data-dialog-overlay
      data-position={d.position}
    >
      <Modal className={styles.modal}>
        <Dialog role={d.kind === 'prompt' ? 'dialog' : 'alertdialog'} className={styles.dialog} aria-describedby={d.message ? `${id}-msg` : undefined}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'dialog.confirm' });
            }}
            noValidate
          >
            <Heading slot="title" className={styles.title}>
              {d.title}
            </Heading>
            {d.message ? (
              <p id={`${id}-msg`} className={styles.message}>
                {d.message}
              </p>
            ) : null}
            {d.kind === 'prompt' ? (
              <div className={styles.field}>
                <label htmlFor={`${id}-input`}>{d.input?.label ?? d.title}</label>
                <input
                  id={`${id}-input`}
                  className={styles.control}
                  type={d.input?.type ?? 'text'}
                  placeholder={d.input?.placeholder}
                  value={value}
                  autoFocus
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-err` : undefined}
                  onChange={(e) => send({ type: 'dialog.input', value: e.target.value })}
                />
                {error ? (
                  <span id={`${id}-err`} className={styles.error} role="alert">
                    {error}
                  </span>
                ) : null}
              </div>
            ) : null}
            <div className={styles.actions}>
              {d.showCancel ? (
                <Button className={cx(buttonClassName({ variant: 'primary' }), styles.coloured)} style={{ background: shade(d.cancelColor), borderColor: shade(d.cancelColor) }} onPress={() => send({ type: 'dialog.cancel' })}>
                  {d.cancelText}
                </Button>
              ) : null}
              {d.showDeny ? (
                <Button className={buttonClassName({ variant: 'secondary' })} onPress={() => send({ type: 'dialog.deny' })}>
                  {d.denyText}
                </Button>
              ) : null}
              <Button
                type="submit"
                autoFocus={d.kind !== 'prompt'}
                className={cx(buttonClassName({ variant: 'primary' }), styles.coloured)}
                style={{ background: shade(d.confirmColor), borderColor: shade(d.confirmColor) }}
              >
                {d.confirmText}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
