/**
 * Live displays: five wall boards (Support, Managed services, Development, Quality assurance,
 * Sales) that staff open from the sidebar and TVs show after pairing. A board is one snapshot,
 * computed once per change burst on the server and pushed to every open stream of that board
 * (server-sent events), and the TVs that show it are displays an admin pairs and revokes.
 */
import { endpoint } from './common/endpoint';
import { idParamsSchema, safeText } from './common/input';
import { z } from './common/zod';
import { chartSpecSchema } from './charts';

const TAG = 'Live displays';

export { DISPLAY_PAGE_PATH, DISPLAY_PAIR_PATH, LIVE_BOARD_TITLES, LIVE_BOARDS, liveBoardPath, type LiveBoard } from './live-display-paths';
import { DISPLAY_PAIR_PATH, LIVE_BOARD_TITLES, LIVE_BOARDS, type LiveBoard } from './live-display-paths';

/** A board's tab title, "Live Display: Support" (the spec's names); here, not beside the paths, so the first staff screen does not carry it. */
export const liveBoardTabTitle = (board: LiveBoard) => `Live Display: ${LIVE_BOARD_TITLES[board]}`;

/** Timings of the live connection, the server's and the browser's. */
export const LIVE_TIMING = {
  /** Changes arriving within this window make one snapshot. */
  coalesceMs: 250,
  /** While a frame's id is behind the change log's newest id (a writing transaction still open), the log is looked at again this often. */
  settleCheckMs: 250,
  /** A comment line this often keeps proxies and the browser's stale timer content. */
  heartbeatMs: 15_000,
  /** The reconnection hint sent to the browser (`retry:`). */
  retryMs: 2_000,
  /** Without any message for this long the board is marked stale. */
  staleAfterMs: 15_000 + 5_000,
  /** Waits before each reconnection attempt, the last repeated. */
  backoffMs: [500, 1_000, 2_000, 5_000, 10_000] as readonly number[],
  /** A revoked display's open streams end within this. */
  revokeCloseMs: 2_000,
  /** The hour (local to the TV) of the daily reload. */
  dailyReloadHour: 4,
} as const;

/** Server-side limits of a stream and the change log. */
export const LIVE_LIMITS = {
  /** A reader this far behind is dropped (it reconnects and gets a fresh snapshot). */
  maxBufferedBytes: 1_048_576,
  /** Change-log rows older than this are pruned; a Last-Event-ID older than the oldest kept gets a full snapshot. */
  keepEventsHours: 24,
  displayNameLength: 80,
  rangesMax: 20,
  rotateSecondsMin: 10,
  rotateSecondsMax: 3_600,
  /** A pairing link works this long. */
  pairingHours: 24,
} as const;

/** The cookie a paired TV holds: HttpOnly, limited to the live API paths. */
export const DISPLAY_COOKIE = 'cc_display';
export const DISPLAY_COOKIE_PATH = '/api/live';

/** The frames of a board's stream. */
export const LIVE_FRAMES = {
  /** A full snapshot (the first, and after every change burst). */
  snapshot: 'snapshot',
  /** A full snapshot after a gap the change log cannot fill (or the server's bus reconnected). */
  resync: 'resync',
} as const;

const count = z.number().int().min(0);
const severityCounts = z.object({ C: count, H: count, M: count, L: count });

export const supportSnapshotSchema = z.object({
  board: z.literal('support'),
  openBySeverity: severityCounts,
  open: count,
  overdue: count,
  unassigned: count,
  oldestOpen: z.object({ id: z.number().int(), title: z.string(), createdAt: z.string() }).nullable(),
  openedToday: count,
  closedToday: count,
  load: z.array(z.object({ name: z.string(), open: count, critical: count })),
  /** Who holds each team's on-call watch now (the people feature's rotations and overrides), and until when. */
  onCall: z.array(z.object({ team: z.string(), name: z.string(), until: z.string() })),
});

export const managedServicesSnapshotSchema = z.object({
  board: z.literal('managedservices'),
  open: count,
  overdue: count,
  contracts: z.array(z.object({ company: z.string(), plan: z.string(), usedMinutes: count, includedMinutes: count, percent: z.number() })),
  past80: count,
  past95: count,
  past100: count,
});

export const developmentSnapshotSchema = z.object({
  board: z.literal('development'),
  waitingOnProgramming: count,
  scrByStage: z.array(z.object({ stage: z.string(), label: z.string(), count })),
  sprint: z.object({ name: z.string(), project: z.string(), chart: chartSpecSchema }).nullable(),
});

/** An item in the QA queue as the board lists it: what it is, how urgent, who tests it, since when it waits. */
const qaBoardItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  priority: z.string(),
  tester: z.string().nullable(),
  since: z.string(),
});
export const qualitySnapshotSchema = z.object({
  board: z.literal('quality'),
  /** Items in QA now: waiting for a tester and being tested. */
  inQa: count,
  waiting: count,
  testing: count,
  /** Runs finished this week (UTC, from Monday) and the share that passed, in percent (null before the first). */
  runsThisWeek: count,
  passRateThisWeek: z.number().nullable(),
  /** Failed runs this week: items returned to development with the tester's notes. */
  failuresReturnedThisWeek: count,
  /** The item in QA the longest, oldest first in the list too. */
  items: z.array(qaBoardItemSchema),
  qaTickets: count,
});

const salesKinds = z.object({ call: count, letter: count, lead: count, sale: count });
export const salesSnapshotSchema = z.object({
  board: z.literal('sales'),
  today: salesKinds,
  month: salesKinds,
  monthTargets: salesKinds,
  monthRevenueCents: count,
  leaderboard: z.array(z.object({ name: z.string(), sales: count, amountCents: count })),
});

export const boardDataSchema = z.discriminatedUnion('board', [supportSnapshotSchema, managedServicesSnapshotSchema, developmentSnapshotSchema, qualitySnapshotSchema, salesSnapshotSchema]);
export type BoardData = z.infer<typeof boardDataSchema>;
export type BoardDataOf<B extends LiveBoard> = Extract<BoardData, { board: B }>;

/** A snapshot as it travels: the data, when it was computed, and the server's build (a change reloads the TV). */
export const boardSnapshotSchema = z.object({ at: z.string(), build: z.string(), data: boardDataSchema });
export type BoardSnapshot = z.infer<typeof boardSnapshotSchema>;

export const SCR_STAGE_LABELS: Record<string, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Approved',
  in_development: 'In development',
  in_qa: 'In QA',
  released: 'Released',
};

// Displays (the TVs) ------------------------------------------------------------------------

const boardInput = z.enum(LIVE_BOARDS, { error: `Board must be one of ${LIVE_BOARDS.join(', ')}` });

/** An IPv4 or IPv6 address range in CIDR form (a bare address is one address). */
const CIDR = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?:\/(?:3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(?:\/(?:12[0-8]|1[01]\d|\d?\d))?)$/;

export const createDisplaySchema = z.strictObject({
  name: safeText('Name is required', 'Name')
    .trim()
    .min(1, 'Name is required')
    .max(LIVE_LIMITS.displayNameLength, `Name must be at most ${LIVE_LIMITS.displayNameLength} characters`),
  boards: z
    .array(boardInput, { error: 'Boards must be a list of boards' })
    .min(1, 'Choose at least one board')
    .max(LIVE_BOARDS.length, 'Each board at most once')
    .refine((b) => new Set(b).size === b.length, 'Each board at most once'),
  rotateSeconds: z
    .number({ error: 'Rotation must be a number of seconds' })
    .int('Rotation must be whole seconds')
    .min(LIVE_LIMITS.rotateSecondsMin, `Rotation must be at least ${LIVE_LIMITS.rotateSecondsMin} seconds`)
    .max(LIVE_LIMITS.rotateSecondsMax, `Rotation must be at most ${LIVE_LIMITS.rotateSecondsMax} seconds`)
    .nullable()
    .default(null),
  allowedRanges: z
    .array(safeText('Each range must be text', 'Range').trim().regex(CIDR, 'Each allowed range must be an address or a range such as 10.0.0.0/8'), { error: 'Allowed ranges must be a list' })
    .max(LIVE_LIMITS.rangesMax, `At most ${LIVE_LIMITS.rangesMax} allowed ranges`)
    .default([]),
});
export type CreateDisplayInput = z.input<typeof createDisplaySchema>;

export const displaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  boards: z.array(z.enum(LIVE_BOARDS)),
  rotateSeconds: z.number().int().nullable(),
  allowedRanges: z.array(z.string()),
  createdAt: z.string(),
  pairedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Display = z.infer<typeof displaySchema>;

/** A created display, with its pairing link's secret: shown once, stored only as a hash. */
export const createdDisplaySchema = z.object({ display: displaySchema, pairingToken: z.string(), pairingUntil: z.string() });
export type CreatedDisplay = z.infer<typeof createdDisplaySchema>;

/** The link a TV opens to pair. */
export const pairingLink = (origin: string, token: string) => `${origin}${DISPLAY_PAIR_PATH}#${token}`;

export const pairSchema = z.strictObject({ token: safeText('The pairing code is required', 'Pairing code', 'secret').min(1, 'The pairing code is required').max(200, 'This pairing code is not valid') });

/** What a paired TV learns about itself. */
export const displaySelfSchema = z.object({ id: z.number().int(), name: z.string(), boards: z.array(z.enum(LIVE_BOARDS)), rotateSeconds: z.number().int().nullable() });
export type DisplaySelf = z.infer<typeof displaySelfSchema>;

const boardParamsSchema = z.strictObject({ board: boardInput });

export const LIVE_API = {
  /** A board's stream, for a staff session (bearer) or a paired display (its cookie). */
  stream: endpoint({
    method: 'GET',
    path: '/api/live/boards/:board/stream',
    audience: 'public',
    tag: TAG,
    summary: "A board's snapshots as server-sent events (a staff session, or a paired display's cookie)",
    params: boardParamsSchema,
    produces: 'text/event-stream',
  }),
  /** The paired display itself (its boards and rotation). */
  self: endpoint({ method: 'GET', path: '/api/live/display', audience: 'public', tag: TAG, summary: 'The paired display this TV is (its cookie)', response: displaySelfSchema }),
  /** Exchanges a pairing token for the display's cookie. */
  pair: endpoint({ method: 'POST', path: '/api/live/pair', audience: 'public', tag: TAG, summary: "Pair this TV: exchange the pairing link's token for the display's cookie", body: pairSchema, response: displaySelfSchema }),
  list: endpoint({ method: 'GET', path: '/api/v2/admin/displays', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'The TVs paired (or waiting to pair) to show live boards', response: z.object({ items: z.array(displaySchema) }) }),
  create: endpoint({ method: 'POST', path: '/api/v2/admin/displays', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'Create a display and its pairing link', body: createDisplaySchema, status: 201, response: createdDisplaySchema }),
  revoke: endpoint({ method: 'POST', path: '/api/v2/admin/displays/:id/revoke', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'Revoke a display: its open boards close within two seconds', params: idParamsSchema, response: displaySchema }),
} as const;
