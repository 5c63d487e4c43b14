/** The schedule's and PTO's calls (lazy screens only: the first staff screen loads none of this). */
import { APPROVALS } from '@contracts/approvals';
import { PTO, SCHEDULE, type CertificationInput, type OverrideInput, type PtoPayload, type QueueRuleInput, type RotationInput, type SwapPayload } from '@contracts/people-schedule';
import { call } from '@/shared/http/http';

/** A shift as the dialog edits it: local day and times in the team's zone (null id: a new shift). */
export type ShiftDraft = { shiftId: number | null; version: number; staffId: number; day: string; start: string; end: string };

export const scheduleApi = {
  teams: () => call(SCHEDULE.teams, {}),
  week: (query: { team: number; from: string; weeks: number }) => call(SCHEDULE.week, { query }),
  saveShift: (teamId: number, d: ShiftDraft) =>
    d.shiftId === null
      ? call(SCHEDULE.addShift, { body: { teamId, staffId: d.staffId, day: d.day, start: d.start, end: d.end } })
      : call(SCHEDULE.updateShift, { params: { id: d.shiftId }, body: { version: d.version, staffId: d.staffId, day: d.day, start: d.start, end: d.end } }),
  removeShift: async (id: number) => void (await call(SCHEDULE.removeShift, { params: { id } })),
  setRotation: (a: { teamId: number; body: RotationInput }) => call(SCHEDULE.setRotation, { params: { id: a.teamId }, body: a.body }),
  addOverride: (a: { teamId: number; body: OverrideInput }) => call(SCHEDULE.addOverride, { params: { id: a.teamId }, body: a.body }),
  removeOverride: async (id: number) => void (await call(SCHEDULE.removeOverride, { params: { id } })),
  askSwap: (payload: SwapPayload) => call(APPROVALS.create, { body: { formType: 'shift_swap', payload } }),
  feeds: () => call(SCHEDULE.feeds, {}),
  addFeed: (teamId: number | null) => call(SCHEDULE.addFeed, { body: { teamId } }),
  revokeFeed: async (id: number) => void (await call(SCHEDULE.revokeFeed, { params: { id } })),
  myPto: () => call(PTO.mine, { query: {} }),
  teamPto: () => call(PTO.team, {}),
  conflicts: (id: number) => call(PTO.conflicts, { params: { id } }),
  requestPto: (payload: PtoPayload) => call(APPROVALS.create, { body: { formType: 'pto', payload } }),
  addCertification: (body: CertificationInput) => call(PTO.addCertification, { body }),
  queueRules: () => call(PTO.queueRules, {}),
  certificationNames: () => call(PTO.certificationNames, {}),
  setQueueRule: (body: QueueRuleInput) => call(PTO.setQueueRule, { body }),
};
