import type { ContractsView, ContractUsage, FlaggedPunch, MsTicket, TeamWeek, TimeItem, TimesheetWeek } from '@contracts/time';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { timeApi, type CellInput, type ContractInput, type Decision } from '../api';

/** A week of the timesheet: my own (the timesheet's child), or a team member's, read-only, as a manager opens it. */
export const weekMachine = createQueryMachine('timesheet-week', (q: { week: string; user?: number }): Promise<TimesheetWeek> => timeApi.week(q));
/** The timesheet's forms: one cell, the week's submit, last week's rows copied, a row added. */
export const cellMachine = createSubmitMachine('timesheet-cell', (input: CellInput) => timeApi.setCell(input));
export const submitWeekMachine = createSubmitMachine('timesheet-submit', (week: string) => timeApi.submit(week));
export const copyRowsMachine = createSubmitMachine('timesheet-copy', (week: string) => timeApi.copyLastWeek(week));
export const addRowMachine = createSubmitMachine('timesheet-add-row', (input: { week: string; item: TimeItem }) => timeApi.addRow(input));
/** A manager's team: the weeks of the week shown, a decision on some of them, a week reopened. */
export const teamMachine = createQueryMachine('timesheet-team', (week: string): Promise<TeamWeek[]> => timeApi.team(week));
export const decisionMachine = createSubmitMachine('timesheet-decision', (decision: Decision) => timeApi.decide(decision));
export const reopenMachine = createSubmitMachine('timesheet-reopen', (input: { week: string; user: number }) => timeApi.reopen(input));
/** Flagged punches of the team, and a manager's correction. */
export const flaggedMachine = createQueryMachine('timeclock-flagged', (): Promise<FlaggedPunch[]> => timeApi.flagged());
/** A manager's correction of a forgotten punch-out. */
export const correctPunchMachine = createSubmitMachine('timeclock-correct', (input: { id: number; punched_out_at: string }) => timeApi.correctPunch(input));

/** Managed services: contracts and usage of a month, MS tickets, a contract saved, a month closed. */
export const contractsMachine = createQueryMachine('ms-contracts', (month: string | undefined): Promise<ContractsView> => timeApi.contracts(month));
export const msTicketsMachine = createQueryMachine('ms-tickets', (): Promise<MsTicket[]> => timeApi.msTickets());
export const companyContractMachine = createQueryMachine('ms-company-contract', (company: number): Promise<{ contract: ContractUsage | null }> => timeApi.contract(company));
export const saveContractMachine = createSubmitMachine('ms-contract-save', (input: { company: number } & ContractInput) => timeApi.saveContract(input));
export const closeMonthMachine = createSubmitMachine('ms-month-close', (input: { company: number; month: string }) => timeApi.closeMonth(input));
