import { cx } from '@/shared/ui/components/cx';
import styles from './Logo.module.css';

/** The tile (a speech bubble) and the two letters, on a 32 × 32 grid; logo.svg and favicon.svg beside this file draw the same. */
export const LOGO_PATHS = {
  tile: 'M8 1h16a7 7 0 0 1 7 7v11a7 7 0 0 1-7 7H13l-6 5v-5.2A7 7 0 0 1 1 19V8a7 7 0 0 1 7-7z',
  firstC: 'M14.89 10.05A4.5 4.5 0 1 0 14.89 16.95',
  secondC: 'M23.39 10.05A4.5 4.5 0 1 0 23.39 16.95',
} as const;

export type LogoProps = {
  size?: number;
  /** Shows the product name beside the mark. */
  wordmark?: { name: string; tagline?: string };
  /**
   * The accessible name when the logo stands alone (e.g. a home link's only content). Without it
   * the mark is decorative: the text beside it names it.
   */
  title?: string;
  /** 'inverse': a white tile, for a brand-coloured background. */
  variant?: 'default' | 'inverse';
  className?: string;
};

/** The Client Care mark: "CC" in a speech bubble. */
export function Logo({ size = 32, wordmark, title, variant = 'default', className }: LogoProps) {
  const labelled = Boolean(title) && !wordmark;
  return (
    <span className={cx(styles.logo, className)}>
      <svg
        className={styles.mark}
        width={size}
        height={size}
        viewBox="0 0 32 32"
        role={labelled ? 'img' : undefined}
        aria-label={labelled ? title : undefined}
        aria-hidden={labelled ? undefined : true}
        focusable="false"
      >
        <path className={variant === 'inverse' ? styles.tileInverse : styles.tile} d={LOGO_PATHS.tile} />
        <g fill="none" strokeWidth={2.6}>
          <path className={variant === 'inverse' ? styles.firstInverse : styles.first} d={LOGO_PATHS.firstC} />
          <path className={variant === 'inverse' ? styles.secondInverse : styles.second} d={LOGO_PATHS.secondC} />
        </g>
      </svg>
      {wordmark ? (
        <span className={styles.wordmark}>
          <span className={styles.name}>{wordmark.name}</span>
          {wordmark.tagline ? <span className={styles.tagline}>{wordmark.tagline}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
