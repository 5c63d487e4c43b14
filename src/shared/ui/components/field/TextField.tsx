import { useState, type ReactNode } from 'react';
import { Group, Input, TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { FieldDescription, FieldError, FieldLabel, fieldStyles as styles, type FieldBaseProps } from './parts';

type SharedProps = Omit<AriaTextFieldProps, 'className' | 'children' | 'style' | 'isInvalid'> &
  FieldBaseProps & {
    placeholder?: string;
    /** Shows "12 / 1500" under the field; needs `maxLength`. */
    showCounter?: boolean;
    /** Invalid without a message of its own (e.g. the form banner explains). */
    isInvalid?: boolean;
  };

export type TextFieldProps = SharedProps & {
  /** Something inside the box before the text (an icon, a unit). */
  prefix?: ReactNode;
};
export type TextAreaProps = SharedProps & { rows?: number };

/** How many characters before the limit the counter starts to announce itself. */
const ANNOUNCE_WITHIN = 20;

function useCounter(props: SharedProps) {
  const [uncontrolled, setUncontrolled] = useState(props.defaultValue ?? '');
  const length = (props.value ?? uncontrolled).length;
  const onChange = (value: string) => {
    if (props.value === undefined) setUncontrolled(value);
    props.onChange?.(value);
  };
  return { length, onChange };
}

function Counter({ length, max }: { length: number; max: number }) {
  const left = max - length;
  return (
    <>
      <span className={cx(styles.counter, left < 0 && styles.counterOver)} aria-hidden="true">
        {length} / {max}
      </span>
      <span className="sr-only" aria-live="polite">
        {left <= ANNOUNCE_WITHIN ? `${Math.max(left, 0)} characters left` : ''}
      </span>
    </>
  );
}

function Frame({ props, children }: { props: SharedProps; children: ReactNode }) {
  const { label, description, errorMessage, className, showCounter, isInvalid, validationBehavior = 'aria', ...rest } = props;
  const counter = useCounter(props);
  const counted = showCounter && rest.maxLength !== undefined;
  return (
    <AriaTextField
      {...rest}
      data-field={rest.name}
      onChange={counter.onChange}
      validationBehavior={validationBehavior}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.field, className)}
    >
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      {children}
      <div className={styles.footer}>
        <div>
          <FieldDescription>{description}</FieldDescription>
          <FieldError>{errorMessage}</FieldError>
        </div>
        {counted ? <Counter length={counter.length} max={rest.maxLength!} /> : null}
      </div>
    </AriaTextField>
  );
}

/** A single-line text input with its label, help, inline error and optional character counter. */
export function TextField({ prefix, placeholder, ...props }: TextFieldProps) {
  return (
    <Frame props={props}>
      {prefix ? (
        <Group className={cx(styles.control, styles.group)} isDisabled={props.isDisabled} isInvalid={props.isInvalid || Boolean(props.errorMessage)}>
          <span className={styles.adornment}>{prefix}</span>
          <Input className={styles.inner} placeholder={placeholder} />
        </Group>
      ) : (
        <Input className={styles.control} placeholder={placeholder} />
      )}
    </Frame>
  );
}

/** Multi-line text; grows by dragging its corner. */
export function TextArea({ rows = 4, placeholder, ...props }: TextAreaProps) {
  return (
    <Frame props={props}>
      <AriaTextArea className={cx(styles.control, styles.textarea)} rows={rows} placeholder={placeholder} />
    </Frame>
  );
}
