import type { ContractsView, ContractUsage, FlaggedPunch, MsTicket, TimesheetWeek } from '@contracts/time';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { timeApi, type ContractInput } from '../api';

/** A team member's week, read-only, as a manager opens it from the team's list. */
export const weekMachine = createQueryMachine('timesheet-week', (q: { week: string; user?: number }): Promise<TimesheetWeek> => timeApi.week(q));
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
