import { PEOPLE, type NotificationSettings, type OrgChart, type PasswordChange, type Profile, type ProfileUpdate } from '@contracts/people';
import { fromPromise } from 'xstate';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { objectUrlsOf, thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { peopleApi, type TableSizes } from '../api';

/** The signed-in person's profile (/user/options). */
export const profileMachine = createQueryMachine('profile', (_: null): Promise<Profile> => peopleApi.profile());
/** Name, title, phone, time zone, working hours, theme and landing page, checked against the contract before they are sent. */
export const profileSaveMachine = createSubmitMachine<ProfileUpdate, Profile>('profileSave', (body) => peopleApi.saveProfile(body), { schema: PEOPLE.updateProfile.body });
/** Which notices reach the person on which channel, and their quiet hours. */
export const notificationsSaveMachine = createSubmitMachine<NotificationSettings, Profile>('profileNotifications', (body) => peopleApi.saveNotifications(body), {
  schema: PEOPLE.updateNotifications.body,
});
/** The password change: the current password, and the new one. */
export const passwordMachine = createSubmitMachine<PasswordChange, { ok: true; otherSessionsEnded: number }>('profilePassword', (body) => peopleApi.changePassword(body), {
  schema: PEOPLE.changePassword.body,
});

/** The org chart (/orgchart): every active person with their manager. */
export const orgChartMachine = createQueryMachine('orgChart', (_: null): Promise<OrgChart> => peopleApi.orgChart());
/** The pictures of the people the org chart list shows (each person's avatar at its version: `recordId` is the version). */
export const orgAvatarsMachine = thumbnailsMachine.provide({
  actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (person) => peopleApi.avatar(person.id, person.recordId))) },
});
/** The org chart as a PDF, downloaded. */
export const orgChartPdfMachine = createSubmitMachine<null, void>('orgChartPdf', () => peopleApi.downloadPdf());

/** The rows per page each search table shows the person (the tables' own remembered size, ADR 0145). */
export const tableSizesMachine = createQueryMachine('profileTableSizes', (_: null): Promise<TableSizes> => peopleApi.tableSizes());
export const tableSizesSaveMachine = createSubmitMachine<{ sizes: TableSizes; before: TableSizes }, TableSizes>('profileTableSizesSave', (input) => peopleApi.saveTableSizes(input));
