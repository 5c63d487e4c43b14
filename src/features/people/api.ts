import { PEOPLE, type ManagerChange, type NotificationSettings, type PasswordChange, type Profile, type ProfileUpdate } from '@contracts/people';
import { call } from '@/shared/http/http';
import { downloadBlob } from '@/shared/ui/download';
import { setReaderTimeZone } from '@/shared/ui/tokens/format';
import { theme } from '@/shared/ui/tokens/theme';

/** A saved profile applies at once in this tab: its zone to every date, the timesheet and reports; its theme. */
const applied = (p: Profile): Profile => {
  setReaderTimeZone(p.timeZone);
  theme().setChoice(p.theme);
  return p;
};

/** The people feature's calls: the signed-in person's profile, and the org chart. */
export const peopleApi = {
  profile: () => call(PEOPLE.profile, {}),
  saveProfile: (body: ProfileUpdate) => call(PEOPLE.updateProfile, { body }).then(applied),
  saveNotifications: (body: NotificationSettings) => call(PEOPLE.updateNotifications, { body }),
  changePassword: (body: PasswordChange) => call(PEOPLE.changePassword, { body }),
  orgChart: () => call(PEOPLE.orgChart, {}),
  setManager: (id: number, body: ManagerChange) => call(PEOPLE.setManager, { params: { id }, body }),
  downloadPdf: () => call(PEOPLE.orgChartPdf, {}).then((blob) => downloadBlob('org-chart.pdf', blob)),
};
