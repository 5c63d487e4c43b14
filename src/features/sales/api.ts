/** Service calls of sales (staff) and of the public "how did you hear about us" form. */
import {
  SALES,
  type ActivityInput,
  type ActivitySearch,
  type ChannelsInput,
  type HuhyConfirmInput,
  type HuhyInput,
  type ProbabilitiesInput,
  type ReassignInput,
  type SpendInput,
  type TargetsInput,
  type TerritoryInput,
} from '@contracts/sales';
import { call } from '@/shared/http/http';

export const salesApi = {
  dashboard: (month?: string) => call(SALES.dashboard, { query: month ? { month } : {} }),
  activities: async (query: Omit<ActivitySearch, 'limit'>) => (await call(SALES.activities, { query })).activities,
  log: (body: ActivityInput) => call(SALES.log, { body }),
  /** Whom the signed-in user may log activities for (themselves first). */
  reps: async () => (await call(SALES.reps)).reps,
  customers: async (query: { q?: string; territory?: string } = {}) => (await call(SALES.customers, { query })).customers,
  company: (id: number) => call(SALES.company, { params: { id } }),
  territories: () => call(SALES.territories),
  reassign: (body: ReassignInput) => call(SALES.reassign, { body }),
  createTerritory: (body: TerritoryInput) => call(SALES.createTerritory, { body }),
  updateTerritory: (id: number, body: TerritoryInput) => call(SALES.updateTerritory, { params: { id }, body }),
  huhy: () => call(SALES.huhy),
  confirmHuhy: (id: number, body: HuhyConfirmInput) => call(SALES.confirmHuhy, { params: { id }, body }),
  discardHuhy: (id: number) => call(SALES.discardHuhy, { params: { id } }),
  cac: (query: { from?: string; to?: string } = {}) => call(SALES.cac, { query }),
  settings: () => call(SALES.settings),
  saveTargets: (targets: TargetsInput['targets']) => call(SALES.saveTargets, { body: { targets } }),
  saveSpend: (spend: SpendInput['spend']) => call(SALES.saveSpend, { body: { spend } }),
  saveChannels: (channels: ChannelsInput['channels']) => call(SALES.saveChannels, { body: { channels } }),
  saveProbabilities: (body: ProbabilitiesInput) => call(SALES.saveProbabilities, { body }),
};

export const publicHuhyApi = {
  channels: async () => (await call(SALES.huhyChannels)).channels,
  submit: (body: HuhyInput) => call(SALES.huhySubmit, { body }),
};
