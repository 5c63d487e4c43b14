import { Link, type LinkProps } from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import styles from './Text.module.css';

export type TextLinkProps = Omit<LinkProps, 'className' | 'style'> & {
  /** 'quiet' inherits the text colour and underlines on hover (titles in tables). */
  variant?: 'default' | 'quiet';
  className?: string;
};

/** A link inside text. For a link that looks like a button, use LinkButton. */
export function TextLink({ variant = 'default', className, ...props }: TextLinkProps) {
  return <Link {...props} className={cx(styles.link, variant === 'quiet' && styles.quietLink, className)} />;
}
