import type { LeaveConflicts, Team, TeamPto } from '@contracts/people-schedule';
import type { CertificationInput, Certification, QueueRule, QueueRuleInput } from '@contracts/people-schedule';
import { PTO } from '@contracts/people-schedule';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { scheduleApi } from '../schedule-api';

/** The teams with a schedule (the schedule editor starts once they are known). */
export const scheduleTeamsMachine = createQueryMachine('scheduleTeams', (_: null): Promise<Team[]> => scheduleApi.teams());
/** A manager's view: their people's leave, requests waiting on them, certifications expiring. */
export const teamPtoMachine = createQueryMachine('teamPto', (_: null): Promise<TeamPto> => scheduleApi.teamPto());
/** The on-call hours a pending leave request would leave uncovered (shown before the manager decides). */
export const leaveConflictsMachine = createQueryMachine('leaveConflicts', (id: number): Promise<LeaveConflicts> => scheduleApi.conflicts(id));
/** Adding one of my certifications, checked against the contract first. */
export const certificationMachine = createSubmitMachine<CertificationInput, Certification>('certificationAdd', (body) => scheduleApi.addCertification(body), { schema: PTO.addCertification.body });
/** Each ticket queue and the certification its assignees must hold (docs/adr/0223). */
export const queueRulesMachine = createQueryMachine('queueRules', (_: null): Promise<QueueRule[]> => scheduleApi.queueRules());
/** The certification names people hold: a queue rule picks one of them, so the rule and the certifications use the same name. */
export const certificationNamesMachine = createQueryMachine('certificationNames', (_: null): Promise<string[]> => scheduleApi.certificationNames());
/** An admin sets or clears a queue's certification, checked against the contract first. */
export const queueRuleMachine = createSubmitMachine<QueueRuleInput, QueueRule>('queueRuleSet', (body) => scheduleApi.setQueueRule(body), { schema: PTO.setQueueRule.body });
