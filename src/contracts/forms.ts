/**
 * The forms that go through the approval engine: the Kudos form (a policy with no steps: published
 * on submission) and the Correction form (reviewed by the author's manager). Their payloads; the
 * engine's endpoints carry them (src/contracts/approvals.ts).
 */
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, safeText } from './common/input';
import { z } from './common/zod';
import { KUDOS_FEED, kudoSchema } from './kudos-feed';

// The kudos feed has a contract of its own: Home loads it on the first screen, without the forms' payloads.
export { kudoSchema, RECENT_KUDOS, type Kudo } from './kudos-feed';

/** Kudos a page of a person's received kudos holds (their profile), newest first; the next page starts after its last. */
export const RECEIVED_KUDOS_PAGE = 100;

/** Kudos a person may send in any 24 hours. */
export const KUDOS_PER_DAY = 3;
/** A kudo's message: at least a sentence. */
export const KUDO_MESSAGE_MIN = 20;
export const KUDO_MESSAGE_MAX = 1000;
export const CORRECTION_TEXT_MAX = 4000;

export const kudoPayloadSchema = z.strictObject({
  toId: idInput({ message: 'Pick the colleague the kudo is for' }),
  message: safeText('Write a message', 'Message', 'long')
    .trim()
    .min(KUDO_MESSAGE_MIN, `Write at least a sentence (${KUDO_MESSAGE_MIN} characters)`)
    .max(KUDO_MESSAGE_MAX, `Keep the message under ${KUDO_MESSAGE_MAX} characters`),
  value: safeText('Choose a company value', 'Value').trim().min(1, 'Choose a company value').max(80, 'Choose a company value'),
  ticketId: idInput({ message: 'Pick a ticket' }).optional(),
  projectId: idInput({ message: 'Pick a project' }).optional(),
});
export type KudoPayload = z.infer<typeof kudoPayloadSchema>;

const correctionText = (label: string) =>
  safeText(`Describe the ${label.toLowerCase()}`, label, 'long').trim().min(1, `Describe the ${label.toLowerCase()}`).max(CORRECTION_TEXT_MAX, `Keep the ${label.toLowerCase()} under ${CORRECTION_TEXT_MAX} characters`);

export const correctionPayloadSchema = z.strictObject({
  summary: safeText('Say what went wrong in a line', 'Summary').trim().min(1, 'Say what went wrong in a line').max(200, 'Keep the summary under 200 characters'),
  customerImpact: correctionText('Customer impact'),
  rootCause: correctionText('Root cause'),
  correctiveAction: correctionText('Corrective action'),
  ticketId: idInput({ message: 'Pick a ticket' }).optional(),
  companyId: idInput({ message: 'Pick a company' }).optional(),
});
export type CorrectionPayload = z.infer<typeof correctionPayloadSchema>;

/** The longest day a corrected time entry may hold, in minutes. */
export const TIME_ENTRY_MINUTES_MAX = 1440;
export const TIME_ENTRY_DESCRIPTION_MAX = 500;

/** A time entry as a record correction states it: its day, its minutes, what it was for. */
export const timeEntryFieldsSchema = z.strictObject({
  workDate: calendarDay('Day', 'Pick the day of the time'),
  minutes: z
    .number({ error: 'Enter the minutes' })
    .int('Enter whole minutes')
    .min(1, 'Enter at least one minute')
    .max(TIME_ENTRY_MINUTES_MAX, `A day holds at most ${TIME_ENTRY_MINUTES_MAX} minutes`),
  description: safeText('Describe the work', 'Description').trim().max(TIME_ENTRY_DESCRIPTION_MAX, `Keep the description under ${TIME_ENTRY_DESCRIPTION_MAX} characters`).default(''),
});
export type TimeEntryFields = z.output<typeof timeEntryFieldsSchema>;

/** The record-correcting kind: one of my time entries, as it should be (before is read on the server). */
export const timeEntryCorrectionSchema = z.strictObject({
  kind: z.literal('timeEntry'),
  summary: safeText('Say why the time is wrong', 'Summary').trim().min(1, 'Say why the time is wrong').max(200, 'Keep the summary under 200 characters'),
  entryId: idInput({ message: 'Pick a time entry of yours' }),
  after: timeEntryFieldsSchema,
});
export type TimeEntryCorrection = z.output<typeof timeEntryCorrectionSchema>;
export type TimeEntryCorrectionInput = z.input<typeof timeEntryCorrectionSchema>;
/** As stored: the entry as it was when the correction was sent, which approval checks it still is. */
export type StoredTimeEntryCorrection = TimeEntryCorrection & { before: TimeEntryFields };

/** An instant a corrected punch states: an ISO date and time with its offset, kept in UTC. */
const punchInstant = (label: string) =>
  safeText(`${label} must be a date and time`, label)
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be a date and time` }))
    .transform((v) => new Date(v).toISOString());

/** A punch as a record correction states it: when I punched in and out. */
export const punchFieldsSchema = z
  .strictObject({ punchedInAt: punchInstant('Punched in'), punchedOutAt: punchInstant('Punched out') })
  .refine((p) => p.punchedOutAt > p.punchedInAt, { path: ['punchedOutAt'], message: 'Punched out must be after punched in' });
export type PunchFields = z.output<typeof punchFieldsSchema>;
/** A punch as it was read ("before"): an open punch has no punch-out yet. */
export type PunchBefore = { punchedInAt: string; punchedOutAt: string | null };

/** The punch-correcting kind: one of my punches, its in and out as they should be (before is read on the server). */
export const punchCorrectionSchema = z.strictObject({
  kind: z.literal('punch'),
  summary: safeText('Say why the punch is wrong', 'Summary').trim().min(1, 'Say why the punch is wrong').max(200, 'Keep the summary under 200 characters'),
  punchId: idInput({ message: 'Pick a punch of yours' }),
  after: punchFieldsSchema,
});
export type PunchCorrection = z.output<typeof punchCorrectionSchema>;
export type PunchCorrectionInput = z.input<typeof punchCorrectionSchema>;
/** As stored: the punch as it was when the correction was sent, which approval checks it still is. */
export type StoredPunchCorrection = PunchCorrection & { before: PunchBefore };

const kindOf = (v: unknown) => (typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined);

/** Any kind of correction: a report (no `kind`), a time entry corrected (`kind: 'timeEntry'`) or a punch corrected (`kind: 'punch'`); each names its own fields. */
export const correctionRequestSchema = z.unknown().transform((value, ctx): CorrectionPayload | TimeEntryCorrection | PunchCorrection => {
  const kind = kindOf(value);
  const parsed = kind === 'timeEntry' ? timeEntryCorrectionSchema.safeParse(value) : kind === 'punch' ? punchCorrectionSchema.safeParse(value) : correctionPayloadSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

/** How a request's payload fields read in its detail (both forms). */
export const PAYLOAD_FIELD_LABELS: Record<string, string> = {
  summary: 'What went wrong',
  customerImpact: 'Customer impact',
  rootCause: 'Root cause',
  correctiveAction: 'Corrective action',
  ticketId: 'Related ticket',
  companyId: 'Related company',
  toId: 'Colleague',
  message: 'Message',
  value: 'Company value',
  projectId: 'Related project',
  purpose: 'Purpose',
  destination: 'Destination',
  startDate: 'First day',
  endDate: 'Last day',
  lines: 'Lines',
  totalCents: 'Total',
  kind: 'Corrects',
  entryId: 'Time entry',
  punchId: 'Punch',
  punchedInAt: 'Punched in',
  punchedOutAt: 'Punched out',
  before: 'Before',
  after: 'After',
  workDate: 'Day',
  minutes: 'Minutes',
  description: 'Description',
};

/** How a record-correcting kind reads in a request's details. */
export const CORRECTION_KIND_LABELS: Record<string, string> = { timeEntry: 'A time entry', punch: 'A punch' };

/** How far back a correction may pick one of my time entries or punches, in days (in my time zone), and how many it lists at most. */
export const CORRECTABLE_DAYS = 30;
export const CORRECTABLE_ENTRIES_MAX = 200;

/** A time zone my "last days" are counted in that is not one. */
export const CORRECTABLE_ZONE_MESSAGE = 'Time zone must be a current IANA zone such as Europe/Berlin';
/** The time zone my "last days" are counted in (the reader's zone; UTC when none is given); the server checks it is a zone. */
export const correctableQuerySchema = z.strictObject({
  tz: safeText(CORRECTABLE_ZONE_MESSAGE, 'Time zone').max(64, CORRECTABLE_ZONE_MESSAGE).optional(),
});

/** One of my punches, as the correction lists them: in, out (null while open), in the zone it was punched in. */
export const ownPunchSchema = z.object({
  id: z.number().int(),
  punchedInAt: z.string(),
  punchedOutAt: z.string().nullable(),
  timeZone: z.string(),
  breakSeconds: z.number().int(),
});
export type OwnPunch = z.infer<typeof ownPunchSchema>;

/** One of my time entries, as the correction lists them: its day, minutes, what it was for. */
export const ownTimeEntrySchema = z.object({
  id: z.number().int(),
  workDate: z.string(),
  minutes: z.number().int(),
  description: z.string(),
  ticketId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  /** The ticket's subject or the project's name. */
  forWhat: z.string().nullable(),
});
export type OwnTimeEntry = z.infer<typeof ownTimeEntrySchema>;

export const FORMS = {
  kudoValues: endpoint({ method: 'GET', path: '/api/v2/forms/kudos/values', audience: 'staff', tag: 'Forms', summary: 'The company values a kudo may name', response: z.array(z.string()) }),
  recentKudos: KUDOS_FEED.recent,
  receivedKudos: endpoint({
    method: 'GET',
    path: '/api/v2/forms/kudos/received/:person',
    audience: 'staff',
    tag: 'Forms',
    summary: `The kudos a person received, newest first (their profile), ${RECEIVED_KUDOS_PAGE} at a time: the next page is those sent before the kudo \`before\``,
    params: z.strictObject({ person: idInput({ label: 'Person' }) }),
    query: z.strictObject({ before: idInput({ label: 'Before' }).optional() }),
    response: z.array(kudoSchema),
  }),
  myTimeEntries: endpoint({
    method: 'GET',
    path: '/api/v2/forms/corrections/time-entries',
    audience: 'staff',
    tag: 'Forms',
    summary: `My time entries of the last ${CORRECTABLE_DAYS} days (in my time zone), newest first, for a correction to pick from`,
    query: correctableQuerySchema,
    response: z.array(ownTimeEntrySchema),
  }),
  myPunches: endpoint({
    method: 'GET',
    path: '/api/v2/forms/corrections/punches',
    audience: 'staff',
    tag: 'Forms',
    summary: `My punches of the last ${CORRECTABLE_DAYS} days (in my time zone), newest first, for a correction to pick from`,
    query: correctableQuerySchema,
    response: z.array(ownPunchSchema),
  }),
} as const;
