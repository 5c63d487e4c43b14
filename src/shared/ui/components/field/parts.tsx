import type { ReactNode } from 'react';
import { FieldError as AriaFieldError, Label as AriaLabel, Text } from 'react-aria-components';
import { ErrorIcon } from '@/shared/ui/components/icons';
import styles from './Field.module.css';

export { styles as fieldStyles };

/** Props every field shares. */
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

/** The inline error: shown while the field is invalid (from `errorMessage` or its own validation). */
export function FieldError({ children }: { children?: ReactNode }) {
  return (
    <AriaFieldError className={styles.error}>
      {(validation) => (
        <>
          <ErrorIcon size={14} />
          <span>{children ?? validation.validationErrors.join(' ')}</span>
        </>
      )}
    </AriaFieldError>
  );
}
