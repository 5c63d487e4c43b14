/** Service calls of sales (staff) and of the public "how did you hear about us" form. */
import type { QuoteStatus } from '@contracts/quotes';
import type {
  Activity,
  ActivityInput,
  CacReport,
  ChannelsInput,
  HuhyConfirmInput,
  HuhyInput,
  HuhyOverview,
  ReassignInput,
  SalesCompanyView,
  SalesCustomer,
  SalesDashboard,
  SalesReps,
  SalesSettings,
  TargetKind,
  TerritoryInput,
  TerritoryOverview,
} from '@contracts/sales';
import { dataOf, http } from '@/shared/http/http';

export const salesApi = {
  dashboard: (month?: string): Promise<SalesDashboard> => dataOf(http.get<SalesDashboard>('/api/v2/sales/dashboard', { params: month ? { month } : {} })),
  activities: async (params: { kind?: string; month?: string; staffId?: number; companyId?: number }): Promise<Activity[]> =>
    (await dataOf(http.get<{ activities: Activity[] }>('/api/v2/sales/activities', { params }))).activities,
  log: (input: ActivityInput): Promise<Activity> => dataOf(http.post<Activity>('/api/v2/sales/activities', input)),
  /** Whom the signed-in user may log activities for (themselves first). */
  reps: async (): Promise<SalesReps['reps']> => (await dataOf(http.get<SalesReps>('/api/v2/sales/reps'))).reps,
  customers: async (params: { q?: string; territory?: string } = {}): Promise<SalesCustomer[]> =>
    (await dataOf(http.get<{ customers: SalesCustomer[] }>('/api/v2/sales/customers', { params }))).customers,
  company: (id: number): Promise<SalesCompanyView> => dataOf(http.get<SalesCompanyView>(`/api/v2/sales/companies/${id}`)),
  territories: (): Promise<TerritoryOverview> => dataOf(http.get<TerritoryOverview>('/api/v2/sales/territories')),
  reassign: (input: ReassignInput): Promise<{ moved: number }> => dataOf(http.post<{ moved: number }>('/api/v2/sales/territories/reassign', input)),
  createTerritory: (input: TerritoryInput): Promise<{ id: number }> => dataOf(http.post<{ id: number }>('/api/v2/sales/territories', input)),
  updateTerritory: (id: number, input: TerritoryInput): Promise<{ id: number }> => dataOf(http.put<{ id: number }>(`/api/v2/sales/territories/${id}`, input)),
  huhy: (): Promise<HuhyOverview> => dataOf(http.get<HuhyOverview>('/api/v2/sales/huhy')),
  confirmHuhy: (id: number, input: HuhyConfirmInput): Promise<{ companyId: number }> => dataOf(http.post<{ companyId: number }>(`/api/v2/sales/huhy/${id}/confirm`, input)),
  discardHuhy: (id: number): Promise<{ id: number }> => dataOf(http.post<{ id: number }>(`/api/v2/sales/huhy/${id}/discard`)),
  cac: (range: { from?: string; to?: string } = {}): Promise<CacReport> => dataOf(http.get<CacReport>('/api/v2/sales/cac', { params: range })),
  settings: (): Promise<SalesSettings> => dataOf(http.get<SalesSettings>('/api/v2/sales/settings')),
  saveTargets: (targets: { staffId: number; kind: TargetKind; monthly: number }[]): Promise<SalesSettings> => dataOf(http.put<SalesSettings>('/api/v2/sales/settings/targets', { targets })),
  saveSpend: (spend: { channelId: number; month: string; cents: number }[]): Promise<SalesSettings> => dataOf(http.put<SalesSettings>('/api/v2/sales/settings/spend', { spend })),
  saveChannels: (channels: ChannelsInput['channels']): Promise<SalesSettings> => dataOf(http.put<SalesSettings>('/api/v2/sales/settings/channels', { channels })),
  saveProbabilities: (p: Record<QuoteStatus, number>): Promise<SalesSettings> => dataOf(http.put<SalesSettings>('/api/v2/sales/settings/probabilities', p)),
};

export const publicHuhyApi = {
  channels: async (): Promise<{ id: number; name: string }[]> => (await dataOf(http.get<{ channels: { id: number; name: string }[] }>('/api/v2/public/huhy/channels'))).channels,
  submit: (input: HuhyInput): Promise<{ ok: true }> => dataOf(http.post<{ ok: true }>('/api/v2/public/huhy', input)),
};
