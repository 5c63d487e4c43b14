import { describe, expect, it } from 'vitest';
import { changeStatus, formatDuration, isOverdue, projectedDueDate, type ClockState } from '@server/features/tickets/clock';

const at = (iso: string) => new Date(iso);
const active: ClockState = { status: 'A', duedate: at('2026-03-02T12:00:00Z'), pausedSince: null, pausedSeconds: 0 };

describe('the WOC/WOT clock pause', () => {
  it('pauses when a ticket starts waiting on the client and leaves the due date alone', () => {
    const paused = changeStatus(active, 'WOC', at('2026-03-01T09:00:00Z'));
    expect(paused.pausedSince).toEqual(at('2026-03-01T09:00:00Z'));
    expect(paused.duedate).toEqual(active.duedate);
    expect(paused.resumedSeconds).toBe(0);
  });

  it('moves the due date out by the time spent waiting when the ticket is active again', () => {
    const paused = changeStatus(active, 'WOC', at('2026-03-01T09:00:00Z'));
    const back = changeStatus(paused, 'A', at('2026-03-01T12:30:00Z'));
    expect(back.resumedSeconds).toBe(3.5 * 3600);
    expect(back.duedate).toEqual(at('2026-03-02T15:30:00Z'));
    expect(back.pausedSince).toBeNull();
    expect(back.pausedSeconds).toBe(3.5 * 3600);
  });

  it('keeps one pause across WOC to WOT and adds up successive pauses', () => {
    let s = changeStatus(active, 'WOC', at('2026-03-01T09:00:00Z'));
    s = changeStatus(s, 'WOT', at('2026-03-01T10:00:00Z'));
    expect(s.pausedSince).toEqual(at('2026-03-01T09:00:00Z'));
    s = changeStatus(s, 'WOP', at('2026-03-01T11:00:00Z'));
    expect(s.duedate).toEqual(at('2026-03-02T14:00:00Z'));
    s = changeStatus(s, 'WOT', at('2026-03-01T12:00:00Z'));
    s = changeStatus(s, 'C', at('2026-03-01T12:45:00Z'));
    expect(s.pausedSeconds).toBe(2 * 3600 + 45 * 60);
    expect(s.duedate).toEqual(at('2026-03-02T14:45:00Z'));
  });

  it('projects the due date while paused and is overdue only when not closed and past due', () => {
    const paused = changeStatus(active, 'WOT', at('2026-03-01T09:00:00Z'));
    expect(projectedDueDate(paused, at('2026-03-01T10:00:00Z'))).toEqual(at('2026-03-02T13:00:00Z'));
    expect(projectedDueDate(active, at('2026-03-01T10:00:00Z'))).toEqual(active.duedate);
    expect(isOverdue(active, at('2026-03-02T12:00:01Z'))).toBe(true);
    expect(isOverdue({ ...active, status: 'C' }, at('2026-03-05T00:00:00Z'))).toBe(false);
    expect(isOverdue({ ...active, duedate: null }, at('2026-03-05T00:00:00Z'))).toBe(false);
  });

  it('keeps no due date when there was none', () => {
    const s = changeStatus(changeStatus({ ...active, duedate: null }, 'WOC', at('2026-03-01T09:00:00Z')), 'A', at('2026-03-01T10:00:00Z'));
    expect(s.duedate).toBeNull();
    expect(s.pausedSeconds).toBe(3600);
  });

  it('writes durations for people', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(3.5 * 3600)).toBe('3 h 30 min');
    expect(formatDuration(26 * 3600)).toBe('1 d 2 h');
  });
});

describe('response targets', () => {
  it('default per severity and take overrides from TICKET_RESPONSE_TARGET_HOURS', async () => {
    const { loadConfig, ConfigError } = await import('@server/config');
    const { DEFAULT_RESPONSE_TARGET_HOURS } = await import('@contracts/common/constants');
    expect(loadConfig({}).responseTargetHours).toEqual(DEFAULT_RESPONSE_TARGET_HOURS);
    expect(loadConfig({ TICKET_RESPONSE_TARGET_HOURS: 'C=2, L=120' }).responseTargetHours).toEqual({ ...DEFAULT_RESPONSE_TARGET_HOURS, C: 2, L: 120 });
    expect(() => loadConfig({ TICKET_RESPONSE_TARGET_HOURS: 'X=1' })).toThrow(ConfigError);
  });
});
