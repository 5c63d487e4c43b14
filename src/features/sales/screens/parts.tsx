/** Pieces the sales screens share: month helpers and the sub-navigation between the sales screens. */
import { Link, useLocation } from 'wouter';
import { formatMonth } from '@contracts/common/dates';
import { formatDate } from '@/shared/ui/tokens/format';
import styles from './parts.module.css';

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string) => formatMonth(month);
/** "2026-11" → "Nov 2026" (never "Nov 26", which reads like a day). */
export const shortMonth = (month: string) => formatMonth(month, { short: true });

/** The last `count` months, oldest first, as YYYY-MM. */
export function recentMonths(count = 12, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

const LINKS = [
  ['/sales/dashboard', 'Dashboard'],
  ['/sales/customers', 'Customers'],
  ['/sales/territories', 'Territories'],
  ['/sales/quotes', 'Quotes'],
  ['/sales/reports', 'Reports'],
  ['/sales/huhy', 'How they heard'],
  ['/sales/debug/cac', 'CAC'],
  ['/sales/settings', 'Settings'],
] as const;

/** The sales screens, one click apart (the sidebar has one "Sales" entry). */
export function SalesNav() {
  const [path] = useLocation();
  return (
    <nav aria-label="Sales" className={styles.nav}>
      <ul>
        {LINKS.map(([href, label]) => (
          <li key={href}>
            <Link href={href} aria-current={path === href || (href === '/sales/reports' && path.startsWith('/sales/report')) ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How long ago a calendar day was, in days or weeks ("today", "3 days ago"), with the date on hover. */
export function daysAgo(day: string, now = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((today - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return days < 0 ? `in ${-days} days` : 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.round(days / 7)} weeks ago`;
  return formatDate(day);
}

export function DaysAgo({ day }: { day: string | null }) {
  if (!day) return <>—</>;
  return (
    <time dateTime={day} title={formatDate(day)}>
      {daysAgo(day)}
    </time>
  );
}
