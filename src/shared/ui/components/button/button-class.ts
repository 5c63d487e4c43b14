import { cx } from '@/shared/ui/components/cx';
import styles from './Button.module.css';

/*
 * The button's look without react-aria: the public pages' forms draw native buttons with it and
 * load none of the kit's interaction layer (docs/adr/0146-public-pages-entry.md).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type Look = {
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

