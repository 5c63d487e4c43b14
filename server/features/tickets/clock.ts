/**
 * The response clock of a ticket. While a ticket waits on the client (WOC) or a third party
 * (WOT) its clock is paused; when it leaves the waiting states the due date moves out by the
 * time it spent waiting. Pure functions of a fixed "now", so the rule is tested with fixed times.
 */
import { PAUSED_STATUSES } from '@contracts/common/constants';

export type ClockState = {
  status: string;
  duedate: Date | null;
  pausedSince: Date | null;
  pausedSeconds: number;
};

export const isPausedStatus = (status: string): boolean => (PAUSED_STATUSES as readonly string[]).includes(status);

/** The clock after a change of status at `now`; `resumedSeconds` is how long the pause that just ended lasted. */
export function changeStatus(state: ClockState, to: string, now: Date): ClockState & { resumedSeconds: number } {
  const wasPaused = state.pausedSince !== null;
  const willPause = isPausedStatus(to);
  if (!wasPaused && willPause) return { ...state, status: to, pausedSince: now, resumedSeconds: 0 };
  if (wasPaused && !willPause) {
    const seconds = Math.max(0, Math.floor((now.getTime() - state.pausedSince!.getTime()) / 1000));
    return {
      status: to,
      duedate: state.duedate ? new Date(state.duedate.getTime() + seconds * 1000) : null,
      pausedSince: null,
      pausedSeconds: state.pausedSeconds + seconds,
      resumedSeconds: seconds,
    };
  }
  return { ...state, status: to, resumedSeconds: 0 };
}

/** The due date the ticket would have if its clock resumed at `now` (the stored one when running). */
export function projectedDueDate(state: ClockState, now: Date): Date | null {
  if (!state.duedate) return null;
  if (!state.pausedSince) return state.duedate;
  return new Date(state.duedate.getTime() + Math.max(0, now.getTime() - state.pausedSince.getTime()));
}

/** Overdue: the due date is past and the ticket is not closed (the overdue check's rule). */
export function isOverdue(state: Pick<ClockState, 'status' | 'duedate'>, now: Date): boolean {
  return state.status !== 'C' && state.duedate !== null && state.duedate.getTime() < now.getTime();
}

/** "2 h 5 min", "3 d 4 h": a short human duration. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d ? `${d} d` : '', h ? `${h} h` : '', m || (!d && !h) ? `${m} min` : ''].filter(Boolean).join(' ');
}
