import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  ProgressBar,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { SpinnerRing } from '@/shared/ui/components/spinner/Spinner';
import { announce } from '@/shared/ui/components/feedback/announce';
import { buttonClassName, type Look } from './button-class';
import styles from './Button.module.css';

export { buttonClassName, type ButtonSize, type ButtonVariant } from './button-class';

export type ButtonProps = Omit<AriaButtonProps, 'className' | 'children' | 'style'> &
  Look & {
    children: ReactNode;
    /** An icon before the text. */
    icon?: ReactNode;
    /** Read while `isPending`: what the button is doing ("Saving"). */
    pendingLabel?: string;
    className?: string;
  };

/** Press handlers a pending button drops (it keeps focus, hover and pointer enter/leave). */
const PRESS_HANDLERS = ['onPress', 'onPressStart', 'onPressEnd', 'onPressChange', 'onPressUp', 'onKeyDown', 'onKeyUp'] as const;

/**
 * The one button. `primary` for the main action of a view (one per view), `secondary` for the
 * others, `quiet` in toolbars and rows, `danger` for destructive actions. `isPending` keeps focus
 * and width, shows a spinner (a progress bar named `pendingLabel`) and refuses presses while work
 * runs; when the button had focus, `pendingLabel` is said once through the kit's polite live
 * region. (react-aria's own pending announcement names the button by id from an element with role
 * img, which outlives a button that leaves the page, e.g. a form replaced by its confirmation.)
 */
export function Button({ variant = 'secondary', size = 'md', fullWidth, icon, children, pendingLabel, className, isPending = false, ...props }: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const label = pendingLabel ?? 'Working';
  const id = useId();
  const wasPending = useRef(isPending);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // react-aria sets aria-disabled only through its own isPending; the button stays focusable.
    if (isPending) el.setAttribute('aria-disabled', 'true');
    else if (!props.isDisabled) el.removeAttribute('aria-disabled');
    if (isPending && !wasPending.current && el === document.activeElement) announce(label);
    wasPending.current = isPending;
  }, [isPending, label, props.isDisabled]);
  const live: AriaButtonProps = { ...props };
  if (isPending) {
    for (const key of PRESS_HANDLERS) delete live[key];
    // Enter in a text box must not submit the form again while it is being sent.
    if (live.type === 'submit') live.type = 'button';
    // Named by its text and what it is doing ("Save Saving"): the text is hidden under the spinner.
    if (!live['aria-label'] && !live['aria-labelledby']) live['aria-labelledby'] = `${id}-label ${id}-pending`;
  }
  return (
    <AriaButton {...live} ref={ref} className={cx(buttonClassName({ variant, size, fullWidth }), isPending && styles.pending, className)}>
      <span className={styles.label} id={`${id}-label`}>
        {icon}
        {children}
      </span>
      {isPending ? (
        <ProgressBar isIndeterminate id={`${id}-pending`} aria-label={label} className={styles.spinner}>
          <SpinnerRing size="sm" inherit />
        </ProgressBar>
      ) : null}
    </AriaButton>
  );
}

export type IconButtonProps = Omit<AriaButtonProps, 'className' | 'children' | 'style' | 'aria-label'> &
  Omit<Look, 'fullWidth'> & {
    /** Required: an icon-only button is named by this label (also its tooltip text). */
    'aria-label': string;
    children: ReactNode;
    className?: string;
  };

/** A square button holding only an icon; its accessible name is required. Quiet by default. */
export function IconButton({ variant = 'quiet', size = 'md', className, children, ...props }: IconButtonProps) {
  return (
    <AriaButton {...props} className={cx(buttonClassName({ variant, size, iconOnly: true }), className)}>
      {children}
    </AriaButton>
  );
}

export type LinkButtonProps = Omit<AriaLinkProps, 'className' | 'children' | 'style'> &
  Look & {
    children: ReactNode;
    icon?: ReactNode;
    className?: string;
  };

/** A link (navigates, opens in a new tab with the middle button) that looks like a button. */
export function LinkButton({ variant = 'secondary', size = 'md', fullWidth, icon, children, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink {...props} className={cx(buttonClassName({ variant, size, fullWidth }), className)}>
      <span className={styles.label}>
        {icon}
        {children}
      </span>
    </AriaLink>
  );
}
