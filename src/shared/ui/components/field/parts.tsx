import type { ReactNode } from 'react';
import { FieldError as AriaFieldError, Label as AriaLabel, Text } from 'react-aria-components';
import { ErrorIcon } from '@/shared/ui/components/icons';
import styles from './Field.module.css';

export { styles as fieldStyles };

/** Props every field shares. Each kit field marks its root with its `name` as `data-field`, so a form can tell which field a person left. */
export type FieldBaseProps = {
  /** The visible label; every field has one (use `aria-label` only where a visible label is impossible). */
  label?: ReactNode;
  /** Help under the field, linked as its description. */
  description?: ReactNode;
  /**
   * The error to show, e.g. from the server or the form machine; the field becomes invalid and the
   * message is linked to it (read with the field) until it is cleared.
   */
  errorMessage?: ReactNode;
  className?: string;
};

export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  if (children === undefined || children === null) return null;
  return (
    <AriaLabel className={styles.label}>
      {children}
      {isRequired ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </AriaLabel>
  );
}

export function FieldDescription({ children }: { children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <Text slot="description" className={styles.description}>
      {children}
    </Text>
  );
}

export type FieldErrorProps =
  /** Inside a kit field: its message, or its own validation's when omitted. */
  | { children?: ReactNode }
  /** Under a plain input: the id the input names in `aria-describedby`, and the message (none: nothing shown). */
  | { id: string; message: string | undefined };

/**
 * The inline error, the one of the product. Inside a kit field it shows while the field is invalid
 * (from `errorMessage` or its own validation); under a plain input (`id`, `message`) it shows while
 * there is a message, announced, with the id the input is described by.
 */
export function FieldError(props: FieldErrorProps) {
  if ('id' in props)
    return props.message ? (
      <span id={props.id} className={styles.error} role="alert">
        <ErrorIcon size={14} />
        <span>{props.message}</span>
      </span>
    ) : null;
  return (
    <AriaFieldError className={styles.error}>
      {(validation) => (
        <>
          <ErrorIcon size={14} />
          <span>{props.children ?? validation.validationErrors.join(' ')}</span>
        </>
      )}
    </AriaFieldError>
  );
}
