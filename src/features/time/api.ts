import type { ContractsView, ContractUsage, FlaggedPunch, MonthCloseFigures, MsTicket, TeamWeek, TimeItem, TimeclockView, TimesheetWeek, TrackerActionName, TrackerView } from '@contracts/time';
import { dataOf, http } from '@/shared/http/http';

/** The browser's IANA time zone: weeks, days and punches are read in it (docs/adr/0080). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type CellInput = { week: string; item: TimeItem; day: string; minutes: number; note?: string; billable?: boolean };
export type Decision = { week: string; users: number[]; decision: 'approve' | 'reject'; reason?: string };
export type ContractInput = { plan: string; included_hours: number; overage_rate_cents: number; rounding_minutes: 0 | 6 | 15 | 30; rollover: boolean; rollover_cap_hours: number };
export type TrackerAction = TrackerActionName;

export const timeApi = {
  week: (q: { week: string; user?: number }): Promise<TimesheetWeek> => dataOf(http.get('/api/v2/timesheet', { params: q })),
  setCell: (input: CellInput): Promise<TimesheetWeek> => dataOf(http.put('/api/v2/timesheet/cells', input)),
  addRow: (input: { week: string; item: TimeItem; billable?: boolean }): Promise<TimesheetWeek> => dataOf(http.post('/api/v2/timesheet/rows', input)),
  copyLastWeek: (week: string): Promise<{ added: number; week: TimesheetWeek }> => dataOf(http.post('/api/v2/timesheet/copy-last-week', { week })),
  submit: (week: string): Promise<TimesheetWeek> => dataOf(http.post('/api/v2/timesheet/submit', { week })),
  team: (week: string): Promise<TeamWeek[]> => dataOf(http.get('/api/v2/timesheet/team', { params: { week } })),
  decide: (input: Decision): Promise<{ decided: number }> => dataOf(http.post('/api/v2/timesheet/decisions', input)),
  reopen: (input: { week: string; user: number }): Promise<TimesheetWeek> => dataOf(http.post('/api/v2/timesheet/reopen', input)),

  timeclock: (q: { week: string; tz: string }): Promise<TimeclockView> => dataOf(http.get('/api/v2/timeclock', { params: q })),
  punch: async (input: { action: 'in' | 'breakStart' | 'breakEnd' | 'out'; week: string; tz: string }): Promise<TimeclockView> => {
    await http.post('/api/v2/timeclock/punch', { action: input.action, tz: input.tz });
    return timeApi.timeclock({ week: input.week, tz: input.tz });
  },
  flagged: (): Promise<FlaggedPunch[]> => dataOf(http.get('/api/v2/timeclock/flagged')),
  correctPunch: (input: { id: number; punched_out_at: string }): Promise<{ ok: true }> => dataOf(http.patch(`/api/v2/timeclock/punches/${input.id}`, { punched_out_at: input.punched_out_at })),

  tracker: (q: { company: number; user: number }): Promise<TrackerView> => dataOf(http.get(`/api/v2/ms/tracker/${q.company}/${q.user}`)),
  track: (input: { company: number; user: number; action: TrackerAction; note?: string }): Promise<TrackerView> =>
    dataOf(http.post(`/api/v2/ms/tracker/${input.company}/${input.user}`, { action: input.action, tz: browserTimeZone(), ...(input.note ? { note: input.note } : {}) })),

  contracts: (month: string | undefined): Promise<ContractsView> => dataOf(http.get('/api/v2/ms/contracts', { params: month ? { month } : {} })),
  contract: (company: number): Promise<{ contract: ContractUsage | null }> => dataOf(http.get(`/api/v2/ms/contracts/${company}`)),
  saveContract: (input: { company: number } & ContractInput): Promise<{ contract: ContractUsage | null }> => {
    const { company, ...body } = input;
    return dataOf(http.put(`/api/v2/ms/contracts/${company}`, body));
  },
  closeMonth: (input: { company: number; month: string }): Promise<MonthCloseFigures> => dataOf(http.post(`/api/v2/ms/contracts/${input.company}/close`, { month: input.month })),
  msTickets: (): Promise<MsTicket[]> => dataOf(http.get('/api/v2/ms/tickets')),
  companies: (q: string): Promise<{ rows: { id: number; name: string }[] }> => dataOf(http.get('/api/v2/companies', { params: { q, size: 20 } })),
};
