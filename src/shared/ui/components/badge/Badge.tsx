import type { ReactNode } from 'react';
import { severityColor, severityLabel, statusLabel, TICKET_STATUSES, type BadgeColor } from '@contracts/common/codes';
import { cx } from '@/shared/ui/components/cx';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

export type BadgeProps = {
  children: ReactNode;
  tone?: BadgeTone;
  /** 'subtle' (default) tints; 'solid' fills for the one thing that must stand out; 'outline' for metadata. */
  variant?: 'subtle' | 'solid' | 'outline';
  /** A shape before the text, so the meaning never rests on colour alone. */
  marker?: 'dot' | 'square' | 'diamond' | 'ring';
  className?: string;
  title?: string;
  /** The spec's colour name (red, yellow, green, grey), for a badge that stands for a code. */
  'data-color'?: string;
};

/** A short label for a state or category. The text always says what the colour means. */
export function Badge({ children, tone = 'neutral', variant = 'subtle', marker, className, title, 'data-color': color }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone], variant !== 'subtle' && styles[variant], className)} title={title} data-color={color}>
      {marker ? <span className={cx(styles.dot, marker !== 'dot' && styles[marker])} aria-hidden="true" /> : null}
      <span className={styles.text}>{children}</span>
    </span>
  );
}

const SEVERITY_TONE: Record<BadgeColor, BadgeTone> = { red: 'danger', yellow: 'warning', green: 'success', grey: 'neutral' };

/**
 * Severity of spec 4 and its badge colours (red for C and H, yellow for M, green for L, grey
 * otherwise), with the name in text; Critical is filled so it stands apart from High.
 */
export function SeverityBadge({ code, className }: { code: string | null | undefined; className?: string }) {
  const color = severityColor(code);
  const tone = SEVERITY_TONE[color];
  return (
    <Badge data-color={color} tone={tone} variant={code === 'C' ? 'solid' : 'subtle'} marker={code === 'C' || code === 'H' ? 'diamond' : 'dot'} className={className}>
      {severityLabel(code)}
    </Badge>
  );
}

const STATUS_CLASS: Record<string, string | undefined> = {
  A: styles.statusA,
  WOP: styles.statusWOP,
  WOC: styles.statusWOC,
  WOT: styles.statusWOT,
  C: styles.statusC,
};
const STATUS_MARKER: Record<string, BadgeProps['marker']> = { A: 'dot', WOP: 'ring', WOC: 'ring', WOT: 'ring', C: 'square' };

/** Ticket status of spec 4 (Active, Waiting on…, Closed), a colour and a marker per code, the name in text. */
export function TicketStatusBadge({ code, className }: { code: string | null | undefined; className?: string }) {
  const known = code !== null && code !== undefined && code in TICKET_STATUSES;
  return (
    <Badge marker={known ? STATUS_MARKER[code] : undefined} className={cx(known ? STATUS_CLASS[code] : undefined, className)} title={statusLabel(code)}>
      {statusLabel(code)}
    </Badge>
  );
}

/** A small count on a button or tab ("3"); give the control an accessible name that includes it. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span className={cx(styles.count, className)} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
