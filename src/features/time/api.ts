import type { z } from 'zod';
import { COMPANIES } from '@contracts/companies';
import { TIME, type cellSchema, type contractSchema, type decisionSchema, type PunchActionName, type TimeItem, type TrackerActionName } from '@contracts/time';
import { call } from '@/shared/http/http';
import { readerTimeZone } from '@/shared/ui/tokens/format';

/** The reader's IANA time zone (their profile's, else the browser's): weeks, days and punches are read in it (docs/adr/0080, 0163). */
export const browserTimeZone = () => readerTimeZone();

/** How many companies the row picker offers for what is typed. */
const COMPANY_PICKER_SIZE = 20;

/** One cell of my week as the timesheet sends it. */
export type CellInput = z.output<typeof cellSchema>;
/** A manager's decision on weeks of the team. */
export type Decision = z.output<typeof decisionSchema>;
/** A contract as its form edits it. */
export type ContractInput = z.output<typeof contractSchema>;

export const timeApi = {
  week: (query: { week: string; user?: number }) => call(TIME.week, { query }),
  setCell: (body: CellInput) => call(TIME.setCell, { body }),
  addRow: (body: { week: string; item: TimeItem; billable?: boolean }) => call(TIME.addRow, { body }),
  copyLastWeek: (week: string) => call(TIME.copyLastWeek, { body: { week } }),
  submit: (week: string) => call(TIME.submit, { body: { week } }),
  team: (week: string) => call(TIME.team, { query: { week } }),
  decide: (body: Decision) => call(TIME.decide, { body }),
  reopen: (body: { week: string; user: number }) => call(TIME.reopen, { body }),

  timeclock: (query: { week: string; tz: string }) => call(TIME.timeclock, { query }),
  /** A punch, then the timeclock as the server has it after the punch. */
  punch: async (input: { action: PunchActionName; week: string; tz: string }) => {
    await call(TIME.punch, { body: { action: input.action, tz: input.tz } });
    return timeApi.timeclock({ week: input.week, tz: input.tz });
  },
  flagged: () => call(TIME.flagged),
  correctPunch: (input: { id: number; punched_out_at: string }) => call(TIME.correctPunch, { params: { id: input.id }, body: { punched_out_at: input.punched_out_at } }),

  tracker: (params: { company: number; user: number }) => call(TIME.tracker, { params }),
  track: (input: { company: number; user: number; action: TrackerActionName; note?: string }) =>
    call(TIME.track, { params: { company: input.company, user: input.user }, body: { action: input.action, tz: browserTimeZone(), ...(input.note ? { note: input.note } : {}) } }),

  contracts: (month: string | undefined) => call(TIME.contracts, { query: month ? { month } : {} }),
  contract: (company: number) => call(TIME.contract, { params: { id: company } }),
  saveContract: (input: { company: number } & ContractInput) => {
    const { company, ...body } = input;
    return call(TIME.saveContract, { params: { id: company }, body });
  },
  closeMonth: (input: { company: number; month: string }) => call(TIME.closeMonth, { params: { id: input.company }, body: { month: input.month } }),
  msTickets: () => call(TIME.msTickets),
  /** The company picker of a timesheet row (the companies' search endpoint). */
  companies: (q: string) => call(COMPANIES.search, { query: { q, size: COMPANY_PICKER_SIZE } }),
};
