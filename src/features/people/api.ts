import { AVATAR, PEOPLE, type ManagerChange, type NotificationSettings, type PasswordChange, type Profile, type ProfileUpdate } from '@contracts/people';
import { call } from '@/shared/http/http';
import { announceAvatar } from '@/shared/session/avatar-changes';
import { readPageSize, savePageSize } from '@/shared/ui/data-table/page-size-store';
import { downloadBlob } from '@/shared/ui/download';
import { setReaderTimeZone } from '@/shared/ui/tokens/format';
import { theme } from '@/shared/ui/tokens/theme';

/** A saved profile applies at once in this tab: its zone to every date, the timesheet and reports; its theme. */
const applied = (p: Profile): Profile => {
  setReaderTimeZone(p.timeZone);
  theme().setChoice(p.theme);
  return p;
};

/** A changed avatar shows at once in this tab's header too. */
const announced = (version: number | null): number | null => {
  announceAvatar(version);
  return version;
};

/** The people feature's calls: the signed-in person's profile, and the org chart. */
/** The search tables that remember their rows per page (docs/adr/0145), as the profile names them. */
export const REMEMBERED_TABLES = [
  { table: 'tickets', label: 'Ticket Search' },
  { table: 'companies', label: 'Company Search' },
  { table: 'projects', label: 'Project Search' },
  { table: 'client-users', label: 'Client portal users' },
] as const;
export type TableSizes = Record<string, number | null>;

export const peopleApi = {
  tableSizes: async (): Promise<TableSizes> => Object.fromEntries(await Promise.all(REMEMBERED_TABLES.map(async ({ table }) => [table, await readPageSize(table)] as const))),
  /** Saves the sizes that changed, one table after another; answers the sizes as saved. */
  saveTableSizes: async (input: { sizes: TableSizes; before: TableSizes }): Promise<TableSizes> => {
    for (const [table, size] of Object.entries(input.sizes)) if (size !== null && size !== input.before[table]) await savePageSize(table, size);
    return input.sizes;
  },
  profile: () => call(PEOPLE.profile, {}),
  saveProfile: (body: ProfileUpdate) => call(PEOPLE.updateProfile, { body }).then(applied),
  saveNotifications: (body: NotificationSettings) => call(PEOPLE.updateNotifications, { body }),
  changePassword: (body: PasswordChange) => call(PEOPLE.changePassword, { body }),
  orgChart: () => call(PEOPLE.orgChart, {}),
  setManager: (id: number, body: ManagerChange) => call(PEOPLE.setManager, { params: { id }, body }),
  downloadPdf: () => call(PEOPLE.orgChartPdf, {}).then((blob) => downloadBlob('org-chart.pdf', blob)),
  /** Sets the caller's avatar from a chosen picture; answers its version. */
  uploadAvatar: async (file: File) => announced((await call(AVATAR.upload, { body: {}, files: [file] })).avatarVersion),
  removeAvatar: async () => announced((await call(AVATAR.remove, {})).avatarVersion),
  /** A person's avatar thumbnail at its version (the API answers it only with the session's token). */
  avatar: (id: number, version: number): Promise<Blob> => call(AVATAR.read, { params: { id }, query: { v: version } }),
};
