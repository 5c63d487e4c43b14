import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import styles from './Form.module.css';

// The banner has its own module so the sign-in page takes it without the form's field behaviour.
export { FormErrorBanner, type FormErrorBannerProps } from './FormErrorBanner';

export type FormProps = Omit<AriaFormProps, 'className' | 'style'> & {
  className?: string;
  /**
   * The form machine's count of sends refused for their fields (`context.refusals`): each new one
   * moves focus to the first field in error, so keyboard and screen-reader users land on it.
   */
  refusals?: number;
  /**
   * A person left a field (named by its `name`): the view sends the form machine `form.blur`. Not
   * called when focus only moves into the field's own popover (a list, a calendar).
   */
  onFieldBlur?: (field: string) => void;
};

/** What a person types or picks with inside a field, in order (a picker's hidden native select is left out). */
const CONTROLS = '[role="combobox"], input:not([type="hidden"]), textarea, button, [role="spinbutton"]';
const isShown = (el: Element) => !el.closest('[aria-hidden="true"], [hidden]');

/**
 * The control a person fixes first: the first field of the form marked invalid (a kit field's root
 * carries `data-invalid`, a plain input `aria-invalid`), at its first control that takes focus. A
 * combobox's own button stands for the box, since focusing the box opens its list over the message.
 */
function firstInvalid(form: HTMLFormElement): HTMLElement | null {
  for (const el of form.querySelectorAll<HTMLElement>('[data-field][data-invalid], [aria-invalid="true"]')) {
    const control = el.matches(CONTROLS) ? el : [...el.querySelectorAll<HTMLElement>(CONTROLS)].find(isShown);
    if (!control || !isShown(control) || control.hasAttribute('disabled')) continue;
    return control.getAttribute('role') === 'combobox' ? (control.closest('[role="group"]')?.querySelector<HTMLElement>('button') ?? control) : control;
  }
  return null;
}

/**
 * A form whose fields show errors inline (validation from props: `errorMessage` on each field or
 * `validationErrors` here, keyed by field name). Submitting is the caller's: send the machine an
 * event from `onSubmit` (call `preventDefault`).
 */
export function Form({ className, validationBehavior = 'aria', refusals = 0, onFieldBlur, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0 && ref.current) firstInvalid(ref.current)?.focus();
  }, [refusals]);
  useEffect(() => {
    const form = ref.current;
    if (!form || !onFieldBlur) return;
    const left = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      const field = (e.target as HTMLElement).closest<HTMLElement>('[data-field]');
      if (!field?.dataset.field || (next && (field.contains(next) || !form.contains(next)))) return;
      onFieldBlur(field.dataset.field);
    };
    form.addEventListener('focusout', left);
    return () => form.removeEventListener('focusout', left);
  }, [onFieldBlur]);
  return <AriaForm {...props} ref={ref} validationBehavior={validationBehavior} className={cx(styles.form, className)} />;
}

export type FormGridProps = {
  /** Columns at full width; fewer when the container is narrower (two under 720 px, one under 480 px). */
  columns?: 1 | 2 | 3 | 4;
  children: ReactNode;
  className?: string;
};

/** Lays fields out in columns that fold as the space narrows. */
export function FormGrid({ columns = 2, children, className }: FormGridProps) {
  return (
    <div className={styles.gridWrap}>
      <div className={cx(styles.grid, columns >= 3 && styles[`cols${columns}` as 'cols3'], className)} style={{ '--_cols': columns } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}

/** A cell of a FormGrid spanning two columns or the full row (a description, a checkbox row). */
export function FormGridItem({ span = 'full', children, className }: { span?: 2 | 'full'; children: ReactNode; className?: string }) {
  return <div className={cx(span === 2 ? styles.span2 : styles.full, className)}>{children}</div>;
}

export type FieldGroupProps = {
  legend: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A titled section of a form (<fieldset> and <legend>): "Contact", "Billing". */
export function FieldGroup({ legend, description, children, className }: FieldGroupProps) {
  return (
    <fieldset className={cx(styles.fieldset, className)}>
      <legend className={styles.legend}>{legend}</legend>
      {description ? <p className={styles.legendDescription}>{description}</p> : null}
      {children}
    </fieldset>
  );
}

export type FormActionsProps = {
  children: ReactNode;
  /** Where the buttons sit: the end (default; primary last), the start, or spread. */
  align?: 'end' | 'start' | 'between';
  /** Stays at the bottom of a long form while it scrolls. */
  sticky?: boolean;
  className?: string;
};

/** The submit row: the primary action last, secondary before it; full-width buttons on phones. */
export function FormActions({ children, align = 'end', sticky = false, className }: FormActionsProps) {
  return (
    <div className={cx(styles.actions, align === 'start' && styles.actionsStart, align === 'between' && styles.actionsBetween, sticky && styles.sticky, className)}>
      {children}
    </div>
  );
}
