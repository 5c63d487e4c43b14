/**
 * People: a staff member's own profile (/user/options: who they are, their password, time zone,
 * working hours, theme, landing page, which notices reach them and when) and the organisation as
 * each person's manager draws it (/orgchart).
 */
import { PROFILE_THEMES } from './common/constants';
import { endpoint } from './common/endpoint';
import { idInput, idParamsSchema, safeText } from './common/input';
import { isTimeZone, TIME_ZONE_MAX } from './common/time-zone';
import { z } from './common/zod';
import { newPasswordSchema } from './client-portal';
import { avatarVersionSchema } from './people-avatar';

export * from './people-avatar';

/** Longest name, title and phone number taken (the columns of staff_users). */
export const PROFILE_NAME_MAX = 120;
export const PROFILE_TITLE_MAX = 120;
export const PROFILE_PHONE_MAX = 40;

export { PROFILE_THEMES };
export type ProfileTheme = (typeof PROFILE_THEMES)[number];

/** Where a person may choose to land after signing in (routes every staff member may open). */
export const LANDING_PAGES = [
  { route: '/home', label: 'Home' },
  { route: '/ticket/search', label: 'Tickets' },
  { route: '/project/search', label: 'Projects' },
  { route: '/timesheet', label: 'Timesheet' },
  { route: '/report/base', label: 'Reports' },
  { route: '/orgchart', label: 'Org Chart' },
] as const;
export const LANDING_ROUTES = LANDING_PAGES.map((p) => p.route) as [string, ...string[]];
/** Where a person lands when they never chose. */
export const DEFAULT_LANDING_PAGE = '/home';

/** Days of the week, ISO numbers (1 Monday … 7 Sunday), with the names the profile shows. */
export const WEEK_DAYS = [
  { day: 1, label: 'Mon' },
  { day: 2, label: 'Tue' },
  { day: 3, label: 'Wed' },
  { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' },
  { day: 6, label: 'Sat' },
  { day: 7, label: 'Sun' },
] as const;
/** The working hours of a person who never set theirs. */
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] } as const;

/**
 * Every event a staff member can be notified of, with the words the profile shows. Other features
 * ask `notificationAllowed` (server/features/people) before telling someone of one of these.
 */
export const NOTIFICATION_EVENTS = [
  { event: 'assigned', label: 'A ticket is assigned to me' },
  { event: 'client_reply', label: 'A client replies on my ticket' },
  { event: 'overdue', label: 'My ticket turns overdue' },
  { event: 'security', label: 'Security notices (password changed, new sign-in)' },
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['event'];
export const NOTIFICATION_EVENT_NAMES = NOTIFICATION_EVENTS.map((e) => e.event) as [NotificationEvent, ...NotificationEvent[]];
/** Notices nobody can turn off or hold back. */
export const ALWAYS_ON_EVENTS: readonly NotificationEvent[] = ['security'];

/** Where a notice reaches a person. Quiet hours hold back email only (docs/adr/0161). */
export const NOTIFICATION_CHANNELS = [
  { channel: 'in_app', label: 'In the app' },
  { channel: 'email', label: 'Email' },
] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]['channel'];
export const NOTIFICATION_CHANNEL_NAMES = NOTIFICATION_CHANNELS.map((c) => c.channel) as [NotificationChannel, ...NotificationChannel[]];

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day as HH:MM (24 hours), named in its message. */
const clockTime = (label: string) => safeText(`${label} must be a time such as 09:00`, label).regex(CLOCK, `${label} must be a time such as 09:00`);

export const TIME_ZONE_MESSAGE = 'Time zone must be a time zone name such as Europe/Berlin';
const timeZoneInput = safeText(TIME_ZONE_MESSAGE, 'Time zone').max(TIME_ZONE_MAX, TIME_ZONE_MESSAGE).refine(isTimeZone, TIME_ZONE_MESSAGE);

export const workingHoursSchema = z
  .strictObject({
    start: clockTime('Start of working hours'),
    end: clockTime('End of working hours'),
    days: z
      .array(z.number({ error: 'Working days must be days of the week' }).int().min(1, 'Working days must be days of the week').max(7, 'Working days must be days of the week'), {
        error: 'Working days must be a list of days of the week',
      })
      .max(7, 'Working days must be days of the week')
      .refine((d) => new Set(d).size === d.length, 'Working days must not repeat a day'),
  })
  .refine((w) => w.start < w.end, { message: 'Working hours must end after they start', path: ['end'] });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** Quiet hours: from/to in the person's zone; from after to spans midnight (22:00 to 07:00). */
export const quietHoursSchema = z
  .strictObject({ from: clockTime('Start of quiet hours'), to: clockTime('End of quiet hours') })
  .refine((q) => q.from !== q.to, { message: 'Quiet hours must end at another time than they start', path: ['to'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

const requiredLine = (label: string, max: number) =>
  safeText(`${label} is required`, label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalLine = (label: string, max: number) =>
  safeText(`${label} must be text`, label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v ? v : null))
    .nullable();

export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  managerName: z.string().nullable(),
  /** Null: the browser's zone. */
  timeZone: z.string().nullable(),
  workingHours: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
  theme: z.enum(PROFILE_THEMES),
  landingPage: z.string(),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  notifications: z.array(z.object({ event: z.enum(NOTIFICATION_EVENT_NAMES), channel: z.enum(NOTIFICATION_CHANNEL_NAMES), enabled: z.boolean() })),
  /** The version of their avatar (null: none, their initials show). */
  avatarVersion: avatarVersionSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.strictObject({
  name: requiredLine('Name', PROFILE_NAME_MAX),
  title: optionalLine('Title', PROFILE_TITLE_MAX),
  phone: optionalLine('Phone', PROFILE_PHONE_MAX).refine((v) => v === null || /^[0-9+()./ x-]+$/i.test(v), 'Phone may hold only digits, spaces and + ( ) - . /'),
  timeZone: timeZoneInput.nullable(),
  workingHours: workingHoursSchema,
  theme: z.enum(PROFILE_THEMES, { error: `Theme must be one of ${PROFILE_THEMES.join(', ')}` }),
  landingPage: z.enum(LANDING_ROUTES, { error: 'Landing page must be one of the pages offered' }),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const notificationSettingsSchema = z.strictObject({
  quietHours: quietHoursSchema.nullable(),
  notifications: z
    .array(
      z.strictObject({
        event: z.enum(NOTIFICATION_EVENT_NAMES, { error: 'Event must be one of the notices listed' }),
        channel: z.enum(NOTIFICATION_CHANNEL_NAMES, { error: 'Channel must be in-app or email' }),
        enabled: z.boolean({ error: 'Enabled must be true or false' }),
      }),
    )
    .max(NOTIFICATION_EVENTS.length * NOTIFICATION_CHANNELS.length, 'Too many notification settings'),
});
export type NotificationSettings = z.input<typeof notificationSettingsSchema>;

export const passwordChangeSchema = z.strictObject({
  current: safeText('Current password is required', 'Current password', 'secret').min(1, 'Current password is required').max(200, 'Current password is too long'),
  next: newPasswordSchema,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;
export const passwordChangedSchema = z.object({ ok: z.literal(true), otherSessionsEnded: z.number().int() });

/** A person on the org chart. `status` is what other features say of them today (off, on call): empty until they do. */
export const orgPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  managerId: z.number().int().nullable(),
  status: z.array(z.string()),
  /** The version of their avatar (null: none, their initials show). */
  avatarVersion: avatarVersionSchema,
});
export type OrgPerson = z.infer<typeof orgPersonSchema>;
export const orgChartSchema = z.object({ people: z.array(orgPersonSchema) });
export type OrgChart = z.infer<typeof orgChartSchema>;

export const managerChangeSchema = z.strictObject({
  managerId: idInput({ message: 'Pick a manager' }).nullable(),
});
export type ManagerChange = z.input<typeof managerChangeSchema>;

export const PEOPLE = {
  profile: endpoint({
    method: 'GET',
    path: '/api/v2/profile',
    audience: 'staff',
    tag: 'People',
    summary: "The caller's profile: who they are, time zone, working hours, theme, landing page, notices",
    response: profileSchema,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/v2/profile',
    audience: 'staff',
    tag: 'People',
    summary: "Change the caller's name, title, phone, time zone, working hours, theme and landing page",
    body: profileUpdateSchema,
    response: profileSchema,
  }),
  updateNotifications: endpoint({
    method: 'PUT',
    path: '/api/v2/profile/notifications',
    audience: 'staff',
    tag: 'People',
    summary: 'Choose which notices reach the caller on which channel, and their quiet hours',
    body: notificationSettingsSchema,
    response: profileSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/v2/profile/password',
    audience: 'staff',
    tag: 'People',
    summary: "Change the caller's password (the current one required); their other sessions end, this one stays",
    body: passwordChangeSchema,
    response: passwordChangedSchema,
  }),
  orgChart: endpoint({
    method: 'GET',
    path: '/api/v2/orgchart',
    audience: 'staff',
    tag: 'People',
    summary: 'Every active staff member with their manager, for the org chart',
    response: orgChartSchema,
  }),
  orgChartPdf: endpoint({
    method: 'GET',
    path: '/api/v2/orgchart/pdf',
    audience: 'staff',
    tag: 'People',
    summary: 'The org chart as a PDF: each person under their manager',
    produces: 'application/pdf',
  }),
  setManager: endpoint({
    method: 'PUT',
    path: '/api/v2/orgchart/:id/manager',
    audience: 'staff',
    roles: ['admin'],
    tag: 'People',
    summary: 'Change whom a person reports to (a change that would make a cycle is refused)',
    params: idParamsSchema,
    body: managerChangeSchema,
    response: orgChartSchema,
  }),
} as const;
