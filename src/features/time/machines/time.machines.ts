import type { ContractsView, ContractUsage, FlaggedPunch, MsTicket, TeamWeek, TimesheetWeek } from '@contracts/time';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { timeApi, type CellInput, type ContractInput, type Decision } from '../api';

/** The week shown in the timesheet grid (the person's own, or a team member's for a manager). */
export const weekMachine = createQueryMachine('timesheet-week', (q: { week: string; user?: number }): Promise<TimesheetWeek> => timeApi.week(q));
/** The team's weeks for a manager. */
export const teamMachine = createQueryMachine('timesheet-team', (week: string): Promise<TeamWeek[]> => timeApi.team(week));
/** One cell of the grid saved (Enter, or leaving a changed cell). */
export const cellMachine = createSubmitMachine('timesheet-cell', (input: CellInput) => timeApi.setCell(input));
/** The week's actions: submit, copy last week's rows, add a row. */
export const weekActionMachine = createSubmitMachine(
  'timesheet-week-action',
  (input: { kind: 'submit'; week: string } | { kind: 'copy'; week: string } | { kind: 'addRow'; week: string; item: CellInput['item'] }): Promise<unknown> =>
    input.kind === 'submit' ? timeApi.submit(input.week) : input.kind === 'copy' ? timeApi.copyLastWeek(input.week) : timeApi.addRow({ week: input.week, item: input.item }),
);
/** A manager's decisions: approve or reject weeks in bulk, reopen one. */
export const decisionMachine = createSubmitMachine('timesheet-decision', (input: ({ kind: 'decide' } & Decision) | { kind: 'reopen'; week: string; user: number }): Promise<unknown> => {
  if (input.kind === 'reopen') return timeApi.reopen({ week: input.week, user: input.user });
  const { kind: _kind, ...decision } = input;
  return timeApi.decide(decision);
});

/** Flagged punches of the team, and a manager's correction. */
export const flaggedMachine = createQueryMachine('timeclock-flagged', (): Promise<FlaggedPunch[]> => timeApi.flagged());
export const correctPunchMachine = createSubmitMachine('timeclock-correct', (input: { id: number; punched_out_at: string }) => timeApi.correctPunch(input));

/** Managed services: contracts and usage of a month, MS tickets, a contract saved, a month closed. */
export const contractsMachine = createQueryMachine('ms-contracts', (month: string | undefined): Promise<ContractsView> => timeApi.contracts(month));
export const msTicketsMachine = createQueryMachine('ms-tickets', (): Promise<MsTicket[]> => timeApi.msTickets());
export const companyContractMachine = createQueryMachine('ms-company-contract', (company: number): Promise<{ contract: ContractUsage | null }> => timeApi.contract(company));
export const saveContractMachine = createSubmitMachine('ms-contract-save', (input: { company: number } & ContractInput) => timeApi.saveContract(input));
export const closeMonthMachine = createSubmitMachine('ms-month-close', (input: { company: number; month: string }) => timeApi.closeMonth(input));
