import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  DialogTrigger as AriaDialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
  Text,
  type DialogTriggerProps,
} from 'react-aria-components';
import { IconButton } from '@/shared/ui/components/button/Button';
import { cx } from '@/shared/ui/components/cx';
import { CloseIcon } from '@/shared/ui/components/icons';
import styles from './Dialog.module.css';

/** Opens the Dialog or Sheet that follows its first child (a Button). */
export function DialogTrigger(props: DialogTriggerProps) {
  return <AriaDialogTrigger {...props} />;
}

type Render = ReactNode | ((close: () => void) => ReactNode);
const render = (node: Render, close: () => void) => (typeof node === 'function' ? node(close) : node);

export type DialogSize = 'sm' | 'md' | 'lg' | 'wide';

export type DialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** sm 400 px (confirmations), md 560 px (forms, default), lg 800 px, wide 1152 px (tables). */
  size?: DialogSize;
  /** The body; a function gets `close`. */
  children: Render;
  /** The button row (primary last); a function gets `close`. */
  footer?: Render;
  /** Escape and a click outside close it (default true); false for a decision that must be made. */
  isDismissable?: boolean;
  /** 'alertdialog' for a confirmation that interrupts. */
  role?: 'dialog' | 'alertdialog';
  /** Controlled use, without a DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Hides the × button (e.g. when the footer's Cancel is the way out). */
  hideCloseButton?: boolean;
  className?: string;
};

function Frame({
  title,
  description,
  children,
  footer,
  role,
  hideCloseButton,
  isDismissable = true,
}: Pick<DialogProps, 'title' | 'description' | 'children' | 'footer' | 'role' | 'hideCloseButton' | 'isDismissable'>) {
  return (
    <AriaDialog role={role} className={styles.dialog}>
      {({ close }) => (
        <>
          <div className={styles.header}>
            <div className={styles.titles}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {description ? (
                <Text slot="description" className={styles.description}>
                  {description}
                </Text>
              ) : null}
            </div>
            {hideCloseButton || !isDismissable ? null : (
              <IconButton aria-label="Close" size="sm" onPress={close} className={styles.close}>
                <CloseIcon />
              </IconButton>
            )}
          </div>
          <div className={styles.body}>{render(children, close)}</div>
          {footer ? <div className={styles.footer}>{render(footer, close)}</div> : null}
        </>
      )}
    </AriaDialog>
  );
}

/**
 * A modal dialog, centred on the screen (full screen on phones, except `sm`). Focus moves in,
 * stays in, and returns to the trigger on close. Use it for a task that must finish before going
 * on; for details beside a list, use Sheet.
 */
export function Dialog({ size = 'md', isDismissable = true, isOpen, onOpenChange, className, ...frame }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={cx(styles.overlay, size === 'sm' && styles.smOverlay)}
    >
      <Modal className={cx(styles.modal, styles[size], className)}>
        <Frame {...frame} isDismissable={isDismissable} />
      </Modal>
    </ModalOverlay>
  );
}

export type SheetProps = Omit<DialogProps, 'size' | 'role'> & { size?: 'md' | 'lg' };

/** A panel sliding in from the right, full height: details of a row, a filter set, a quick edit. */
export function Sheet({ size = 'md', isDismissable = true, isOpen, onOpenChange, className, ...frame }: SheetProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={cx(styles.overlay, styles.sheetOverlay)}>
      <Modal className={cx(styles.modal, styles.sheet, styles[size], className)}>
        <Frame {...frame} isDismissable={isDismissable} />
      </Modal>
    </ModalOverlay>
  );
}
