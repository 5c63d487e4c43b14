/** Small pieces the project screens share: status badges and the hours-against-budget bar. */
import { PROJECT_STATUS_LABELS, SPRINT_STATUS_LABELS, type ProjectStatus, type SprintStatus } from '@contracts/projects';
import { Badge, type BadgeTone } from '@/shared/ui/components';
import styles from './projects.module.css';

const PROJECT_TONES: Record<ProjectStatus, BadgeTone> = { planned: 'info', active: 'brand', on_hold: 'warning', done: 'success', cancelled: 'neutral' };
const SPRINT_TONES: Record<SprintStatus, BadgeTone> = { planned: 'info', active: 'brand', closed: 'neutral' };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={PROJECT_TONES[status]} marker="dot">{PROJECT_STATUS_LABELS[status]}</Badge>;
}

export function SprintStatusBadge({ status }: { status: SprintStatus }) {
  return <Badge tone={SPRINT_TONES[status]} marker="dot">{SPRINT_STATUS_LABELS[status]}</Badge>;
}

const hours = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} h`;

/** Hours logged against the budget: a bar that turns red past the budget, with the figures as text. */
export function HoursBar({ used, budget }: { used: number; budget: number | null }) {
  if (budget === null || budget === 0) return <span className={styles.muted}>{hours(used)} logged · no budget</span>;
  const ratio = used / budget;
  const over = ratio > 1;
  return (
    <span className={styles.hours}>
      <span
        className={styles.bar}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={Math.min(used, budget)}
        aria-valuetext={`${hours(used)} of ${hours(budget)}${over ? ', over budget' : ''}`}
        aria-label="Hours used of budget"
      >
        <span className={over ? styles.fillOver : styles.fill} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </span>
      <span className={over ? styles.overText : styles.hoursText}>
        {hours(used)} / {hours(budget)}
      </span>
    </span>
  );
}
