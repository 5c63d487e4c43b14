import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
// The public pages' light form kit (docs/adr/0147-public-forms-native-controls.md): the kit's looks
// (class names, the error icon) over native controls, without react-aria's interaction layer.
import { buttonClassName } from '@/shared/ui/components/button/button-class';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import formStyles from '@/shared/ui/components/form/Form.module.css';
import { ErrorIcon } from '@/shared/ui/components/icons';
import styles from './LoginForm.module.css';

type LightFieldProps = {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  maxLength: number;
  minLength?: number;
  value: string;
  onChange: (value: string) => void;
  /** Help under the field, read with it. */
  description?: string;
  /** The message beside the field; the field is invalid while there is one. */
  errorMessage?: string;
};

/** A required, labelled native input in the kit's field look, with its help and its error read with it. */
export function LightField({ label, name, type = 'text', description, errorMessage, onChange, ...input }: LightFieldProps) {
  const id = `light-${name}`;
  const described = [description ? `${id}-description` : null, errorMessage ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field} data-field={name}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        <span className={fieldStyles.required} aria-hidden="true">
          *
        </span>
      </label>
      <input
        {...input}
        id={id}
        name={name}
        type={type}
        required
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={described || undefined}
        data-invalid={errorMessage ? true : undefined}
        className={`${fieldStyles.control} ${styles.input}`}
        onChange={(e) => onChange(e.target.value)}
      />
      {/* The kit's field footer, always there (the same spacing as the kit's fields). */}
      <div className={fieldStyles.footer}>
        <div>
          {description ? (
            <span id={`${id}-description`} className={fieldStyles.description}>
              {description}
            </span>
          ) : null}
          {errorMessage ? (
            <span id={`${id}-error`} className={fieldStyles.error}>
              <ErrorIcon size={14} />
              <span>{errorMessage}</span>
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A native form that moves focus to the first field in error each time the form machine refuses a
 * send for its fields (`refusals`), and tells which field a person left (`onFieldBlur`).
 */
export function LightForm({
  onSubmit,
  onFocus,
  refusals = 0,
  onFieldBlur,
  children,
}: {
  onSubmit: () => void;
  /** Focus entered the form (e.g. to load what its checks need). */
  onFocus?: () => void;
  refusals?: number;
  onFieldBlur?: (field: string) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) ref.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return (
    <form
      ref={ref}
      noValidate
      className={formStyles.form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      onFocus={onFocus}
      onBlur={(e) => {
        const field = e.target.closest<HTMLElement>('[data-field]')?.dataset.field;
        if (field && onFieldBlur) onFieldBlur(field);
      }}
    >
      {children}
    </form>
  );
}

/** The form's full-width primary submit button; while sending it stays focusable and refuses presses. */
export function LightSubmit({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button
      type="submit"
      className={`${buttonClassName({ variant: 'primary', size: 'lg', fullWidth: true })} ${styles.submit} ${styles.inForm}`}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
