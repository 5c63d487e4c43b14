import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  ProgressBar,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { SpinnerRing } from '@/shared/ui/components/spinner/Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

type Look = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
};

/**
 * The classes of a button, for elements that must look like one without being a Button (a static
 * specimen in the gallery, a file input's label). `state` draws hover, pressed or focus without
 * the interaction.
 */
export function buttonClassName({
  variant = 'secondary',
  size = 'md',
  fullWidth = false,
  iconOnly = false,
  state,
}: Look & { iconOnly?: boolean; state?: 'hovered' | 'pressed' | 'focus-visible' }): string {
  return cx(
    styles.button,
    styles[variant],
    size !== 'md' && styles[size],
    iconOnly && styles.iconOnly,
    fullWidth && styles.fullWidth,
    state === 'hovered' && styles.isHovered,
    state === 'pressed' && styles.isPressed,
    state === 'focus-visible' && styles.isFocusVisible,
  );
}

export type ButtonProps = Omit<AriaButtonProps, 'className' | 'children' | 'style'> &
  Look & {
    children: ReactNode;
    /** An icon before the text. */
    icon?: ReactNode;
    /** Read while `isPending`: what the button is doing ("Saving"). */
    pendingLabel?: string;
    className?: string;
  };

/**
 * The one button. `primary` for the main action of a view (one per view), `secondary` for the
 * others, `quiet` in toolbars and rows, `danger` for destructive actions. `isPending` keeps focus
 * and width, shows a spinner and refuses presses while work runs.
 */
export function Button({ variant = 'secondary', size = 'md', fullWidth, icon, children, pendingLabel, className, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} isPending={isPending} className={cx(buttonClassName({ variant, size, fullWidth }), isPending && styles.pending, className)}>
      <span className={styles.label}>
        {icon}
        {children}
      </span>
      {isPending ? (
        <ProgressBar isIndeterminate aria-label={pendingLabel ?? 'Working'} className={styles.spinner}>
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
