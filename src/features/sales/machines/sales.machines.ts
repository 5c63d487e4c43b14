/** Sales queries and forms: instances of the shared query and submit machines. */
import type { EndpointResult } from '@contracts/common/endpoint';
import {
  type Activity,
  type ActivityKind,
  type CacReport,
  type ChannelsInput,
  type HuhyConfirmInput,
  type HuhyInput,
  type HuhyOverview,
  type ProbabilitiesInput,
  type ReassignInput,
  SALES,
  type SalesCompanyView,
  type SalesCustomer,
  type SalesDashboard,
  type SalesReps,
  type SalesSettings,
  type SpendInput,
  type TargetsInput,
  type TerritoryInput,
  type TerritoryOverview,
} from '@contracts/sales';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';
import { publicHuhyApi, salesApi } from '../api';

export const dashboardMachine = createQueryMachine('salesDashboard', (month: string | null): Promise<SalesDashboard> => salesApi.dashboard(month ?? undefined));
export type ActivityListQuery = { kind?: ActivityKind; month?: string; staffId?: number; companyId?: number };
export const activityListMachine = createQueryMachine('salesActivities', (q: ActivityListQuery): Promise<Activity[]> => salesApi.activities(q));
export const customersMachine = createQueryMachine('salesCustomers', (_: null): Promise<SalesCustomer[]> => salesApi.customers());
export const salesCompanyMachine = createQueryMachine('salesCompany', (id: number): Promise<SalesCompanyView> => salesApi.company(id));
/** The company the activity dialog has picked (its accepted quotes): null until one is picked, and then nothing is asked. */
export const pickedSalesCompanyMachine = createQueryMachine('pickedSalesCompany', (id: number | null): Promise<SalesCompanyView | null> => (id === null ? Promise.resolve(null) : salesApi.company(id)));
/** Whom the activity dialog may log for: the signed-in user, and their reports for a manager (everyone for an admin). */
export const salesRepsMachine = createQueryMachine('salesReps', (_: null): Promise<SalesReps['reps']> => salesApi.reps());
export const territoriesMachine = createQueryMachine('salesTerritories', (_: null): Promise<TerritoryOverview> => salesApi.territories());
export const huhyMachine = createQueryMachine('salesHuhy', (_: null): Promise<HuhyOverview> => salesApi.huhy());
export const cacMachine = createQueryMachine('salesCac', (range: { from?: string; to?: string }): Promise<CacReport> => salesApi.cac(range));
export const settingsMachine = createQueryMachine('salesSettings', (_: null): Promise<SalesSettings> => salesApi.settings());
export const huhyChannelsMachine = createQueryMachine('huhyChannels', (_: null): Promise<EndpointResult<typeof SALES.huhyChannels>['channels']> => publicHuhyApi.channels());

export const reassignMachine = createSubmitMachine<ReassignInput, EndpointResult<typeof SALES.reassign>>('salesReassign', (input) => salesApi.reassign(input));
export type TerritorySave = { id: number | null; input: TerritoryInput };
export const territorySaveMachine = createSubmitMachine<TerritorySave, EndpointResult<typeof SALES.createTerritory>>('salesTerritory', (s) => (s.id === null ? salesApi.createTerritory(s.input) : salesApi.updateTerritory(s.id, s.input)));

export type SettingsSave =
  | { section: 'targets'; targets: TargetsInput['targets'] }
  | { section: 'spend'; spend: SpendInput['spend'] }
  | { section: 'channels'; channels: ChannelsInput['channels'] }
  | { section: 'probabilities'; probabilities: ProbabilitiesInput };
const saveSettings = (s: SettingsSave): Promise<SalesSettings> => {
  switch (s.section) {
    case 'targets':
      return salesApi.saveTargets(s.targets);
    case 'spend':
      return salesApi.saveSpend(s.spend);
    case 'channels':
      return salesApi.saveChannels(s.channels);
    default:
      return salesApi.saveProbabilities(s.probabilities);
  }
};
/** A section of sales settings saved as it is (the grids check their cells themselves). */
export const settingsSaveMachine = createSubmitMachine<SettingsSave, SalesSettings>('salesSettingsSave', saveSettings);
/** The body of a section's endpoint, as the server parses it: field names match the server's (`channels.1.name`, `draft`). */
const bodyOfSection = (s: SettingsSave): unknown => (s.section === 'probabilities' ? s.probabilities : s.section === 'channels' ? { channels: s.channels } : s.section === 'spend' ? { spend: s.spend } : { targets: s.targets });
const SECTION_SCHEMAS = { targets: SALES.saveTargets.body, spend: SALES.saveSpend.body, channels: SALES.saveChannels.body, probabilities: SALES.saveProbabilities.body } as const;
/** The section's endpoint body schema: what is refused shows beside its field before anything is sent. */
const sectionSchema: FormSchema = { safeParse: (value) => SECTION_SCHEMAS[(value as SettingsSave).section].safeParse(bodyOfSection(value as SettingsSave)) };
/** A section of fields (channels, probabilities): checked against its endpoint's schema before it is sent. */
export const settingsFormMachine = createSubmitMachine<SettingsSave, SalesSettings>('salesSettingsForm', saveSettings, { schema: sectionSchema });

/** A review of a public answer: confirm it (to a company, or as a new prospect) or discard it. */
export type HuhyReview = { id: number; action: 'confirm'; input: HuhyConfirmInput } | { id: number; action: 'discard' };
export const huhyReviewMachine = createSubmitMachine<HuhyReview, EndpointResult<typeof SALES.confirmHuhy> | EndpointResult<typeof SALES.discardHuhy>>('salesHuhyReview', (r) => (r.action === 'confirm' ? salesApi.confirmHuhy(r.id, r.input) : salesApi.discardHuhy(r.id)));

export const huhySubmitMachine = createSubmitMachine<HuhyInput, EndpointResult<typeof SALES.huhySubmit>>('huhySubmit', (input) => publicHuhyApi.submit(input), { schema: SALES.huhySubmit.body });
