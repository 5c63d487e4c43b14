/**
 * The Quality Assurance queue: SCRs and tickets under test. A tester takes an item, runs its tests
 * and records a result: pass, fail (an SCR returns to development with the notes) or blocked (with
 * the reason). Every run is kept.
 */
import { chartSpec, type ChartSpec } from './charts';
import { SCR_PRIORITIES } from './client-portal';
import { attachmentSchema } from './common/attachments';
import { LIMITS } from './common/constants';
import { endpoint } from './common/endpoint';
import { idInput, idParamsSchema, pageQuery, safeText } from './common/input';
import { z } from './common/zod';
import { attachmentParamsSchema, attachmentQuerySchema } from './ticket-attachments';

export const QA_STATUSES = ['waiting', 'testing', 'passed', 'failed', 'blocked'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];
export const QA_STATUS_LABELS: Record<QaStatus, string> = { waiting: 'Waiting', testing: 'Testing', passed: 'Passed', failed: 'Failed', blocked: 'Blocked' };
export const QA_RESULTS = ['pass', 'fail', 'blocked'] as const;
export type QaResult = (typeof QA_RESULTS)[number];
/** What each result says when its notes are missing (a fail needs what failed, blocked needs why). */
export const QA_MESSAGES = {
  result: 'Pick pass, fail or blocked',
  fail: 'Say what failed, for the developers',
  blocked: 'Say what blocks the testing',
  notTaken: 'Take the item before recording a result',
} as const;
export const QA_PAGE_SIZE = 25;

// --- Test cases -----------------------------------------------------------------------------------

/** What a case of a run records: passed, failed, blocked or skipped. */
export const QA_CASE_RESULTS = ['pass', 'fail', 'blocked', 'skipped'] as const;
export type QaCaseResult = (typeof QA_CASE_RESULTS)[number];
export const QA_CASE_RESULT_LABELS: Record<QaCaseResult, string> = { pass: 'Passed', fail: 'Failed', blocked: 'Blocked', skipped: 'Skipped' };
/** The longest product area name (the column's width). */
export const QA_AREA_MAX = 80;
export const QA_CASE_MESSAGES = {
  area: 'Say which product area the case tests',
  title: 'Give the case a title',
  steps: 'Write the steps to follow',
  expected: 'Say what should happen',
  caseResult: 'Pick passed, failed, blocked or skipped',
  caseNote: 'Say what failed or what blocks the case',
  caseId: 'Pick the test case',
  noSuchCase: 'No such test case',
  retired: 'This test case is retired; pick an active one',
  inRun: 'This case is in the run already',
  notInRun: 'This case is not in the run',
  recorded: 'This case has its result already; a case with a result stays in the run',
  caseStale: 'This test case changed since you read it; reload it and try again',
  alreadyRetired: 'This test case is retired already',
} as const;
/** Why a run cannot pass: a case failed (or was blocked), or has no result yet; names the case. */
export const qaPassRefusal = (title: string, result: QaCaseResult | null) =>
  result === null ? `“${title}” has no result yet: record every case before a pass` : `“${title}” ${result === 'fail' ? 'failed' : 'is blocked'}: a run with a failed or blocked case cannot pass`;

const versionField = () => z.number({ error: 'version must be the version you looked at' }).int().min(1);
const caseText = (label: string, message: string, max: number, form: 'line' | 'long') =>
  safeText(message, label, form).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
const caseFields = {
  productArea: caseText('Product area', QA_CASE_MESSAGES.area, QA_AREA_MAX, 'line'),
  title: caseText('Title', QA_CASE_MESSAGES.title, LIMITS.title, 'line'),
  steps: caseText('Steps', QA_CASE_MESSAGES.steps, LIMITS.text, 'long'),
  expectedResult: caseText('Expected result', QA_CASE_MESSAGES.expected, LIMITS.text, 'long'),
};
export const qaTestCaseInputSchema = z.strictObject(caseFields);
export type QaTestCaseInput = z.input<typeof qaTestCaseInputSchema>;
export const qaTestCaseEditSchema = z.strictObject({ ...caseFields, version: versionField() });
export type QaTestCaseEdit = z.input<typeof qaTestCaseEditSchema>;
export const qaRetireSchema = z.strictObject({ version: versionField() });
export const qaCasesQuerySchema = z.strictObject({
  area: safeText('area must be text', 'area').trim().max(QA_AREA_MAX, `area must be at most ${QA_AREA_MAX} characters`).optional(),
  retired: z.enum(['true', 'false'], { error: 'retired must be true or false' }).optional(),
});
export type QaCasesQuery = z.input<typeof qaCasesQuerySchema>;
export const qaTestCaseSchema = z.object({
  id: z.number().int(),
  product_area: z.string(),
  title: z.string(),
  steps: z.string(),
  expected_result: z.string(),
  active: z.boolean(),
  updated_at: z.string(),
  retired_at: z.string().nullable(),
  version: z.number().int(),
});
export type QaTestCase = z.infer<typeof qaTestCaseSchema>;
/** The test cases (of an area, when asked), active first, and every product area that has a case. */
export const qaCasesSchema = z.object({ cases: z.array(qaTestCaseSchema), areas: z.array(z.string()) });
export type QaCases = z.infer<typeof qaCasesSchema>;

/** A case added to the run under way (the item's version guards against stale writes). */
export const qaRunAddSchema = z.strictObject({ caseId: idInput({ message: QA_CASE_MESSAGES.caseId }), version: versionField() });
export const qaRunCaseParamsSchema = z.strictObject({ id: idInput({ label: 'id' }), caseId: idInput({ label: 'caseId' }) });
export const qaRunRemoveSchema = z.strictObject({ version: versionField() });
export const qaCaseResultSchema = z
  .strictObject({
    result: z.enum(QA_CASE_RESULTS, { error: QA_CASE_MESSAGES.caseResult }),
    note: safeText('Note must be text', 'Note', 'long').trim().max(LIMITS.text, `Note must be at most ${LIMITS.text} characters`).optional(),
    version: versionField(),
  })
  .refine((r) => (r.result !== 'fail' && r.result !== 'blocked') || (r.note ?? '').length > 0, { path: ['note'], message: QA_CASE_MESSAGES.caseNote });
export type QaCaseResultInput = z.input<typeof qaCaseResultSchema>;

export const qaResultSchema = z
  .strictObject({
    result: z.enum(QA_RESULTS, { error: QA_MESSAGES.result }),
    notes: safeText('Notes must be text', 'Notes', 'long').trim().max(LIMITS.text, `Notes must be at most ${LIMITS.text} characters`).optional(),
    version: z.number({ error: 'version must be the version you looked at' }).int().min(1),
  })
  .refine((r) => r.result === 'pass' || (r.notes ?? '').length > 0, { path: ['notes'], message: 'Say what failed or what blocks the testing' });
export type QaResultInput = z.input<typeof qaResultSchema>;

export const qaTakeSchema = z.strictObject({ version: z.number({ error: 'version must be the version you looked at' }).int().min(1) });

export const qaQueueQuerySchema = z.strictObject({
  ...pageQuery(QA_PAGE_SIZE),
  status: z.enum(QA_STATUSES, { error: `status must be one of ${QA_STATUSES.join(', ')}` }).optional(),
});

const int = () => z.number().int();
export const qaItemSchema = z.object({
  id: int(),
  product_area: z.string().nullable(),
  scr_id: int().nullable(),
  ticket_id: int().nullable(),
  title: z.string(),
  priority: z.enum(SCR_PRIORITIES),
  status: z.enum(QA_STATUSES),
  tester: z.string().nullable(),
  tester_id: int().nullable(),
  created_at: z.string(),
  taken_at: z.string().nullable(),
  version: int(),
});
export type QaItem = z.infer<typeof qaItemSchema>;
/** A test case in a run: the title it was tested under, its result (none yet while unrecorded), who recorded it and when. */
export const qaRunCaseSchema = z.object({
  case_id: int(),
  title: z.string(),
  product_area: z.string(),
  steps: z.string(),
  expected_result: z.string(),
  result: z.enum(QA_CASE_RESULTS).nullable(),
  note: z.string().nullable(),
  recorded_by: z.string().nullable(),
  recorded_at: z.string().nullable(),
});
export type QaRunCase = z.infer<typeof qaRunCaseSchema>;
export const qaRunSchema = z.object({
  id: int(),
  tester: z.string(),
  result: z.enum(QA_RESULTS).nullable(),
  notes: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  cases: z.array(qaRunCaseSchema),
});
export type QaRun = z.infer<typeof qaRunSchema>;
/** A QA item with its runs and the evidence testers attached (screenshots, logs, reports). */
export const qaItemViewSchema = qaItemSchema.extend({ runs: z.array(qaRunSchema), evidence: z.array(attachmentSchema) });
/** An upload of evidence carries no fields besides its files (multipart/form-data). */
export const qaEvidenceUploadSchema = z.strictObject({});
export const qaEvidenceSchema = z.object({ evidence: z.array(attachmentSchema) });
export const NO_EVIDENCE_MESSAGE = 'Attach the evidence file (a screenshot, a PDF or a log)';
export type QaItemView = z.infer<typeof qaItemViewSchema>;
export const qaQueueSchema = z.object({ items: z.array(qaItemSchema), total: int(), page: int(), pageSize: int() });

// --- Figures ------------------------------------------------------------------------------------------

/** How many weeks the figures cover by default, and at most. */
export const QA_FIGURE_WEEKS = { default: 8, max: 52 } as const;
export const qaFiguresQuerySchema = z.strictObject({
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int('weeks must be a whole number')
    .min(1, 'weeks must be at least 1')
    .max(QA_FIGURE_WEEKS.max, `weeks must be at most ${QA_FIGURE_WEEKS.max}`)
    .default(QA_FIGURE_WEEKS.default),
});
export type QaFiguresQuery = z.input<typeof qaFiguresQuerySchema>;

const num = () => z.number();
export const qaWeekSchema = z.object({ week: z.string(), passed: int(), failed: int(), blocked: int() });
export type QaWeek = z.infer<typeof qaWeekSchema>;
/**
 * The queue's figures over the last weeks: how many finished runs passed (percent; null with no
 * run), the items waiting for a tester now, the average hours from entering QA to a result, the
 * failed runs per SCR tested, and the results week by week (weeks start on Monday, oldest first).
 */
export const qaFiguresSchema = z.object({
  weeks: int(),
  passRate: num().nullable(),
  waiting: int(),
  hoursInQa: num().nullable(),
  failuresPerScr: num().nullable(),
  byWeek: z.array(qaWeekSchema),
});
export type QaFigures = z.infer<typeof qaFiguresSchema>;

/** The results week by week as a chart of the one Chart component (a stacked bar, with its table twin). */
export function qaWeeksChart(f: QaFigures): ChartSpec {
  const total = f.byWeek.reduce((n, w) => n + w.passed + w.failed + w.blocked, 0);
  return chartSpec({
    kind: 'stackedBar',
    title: 'QA results by week',
    summary:
      total === 0
        ? `No QA run finished in the last ${f.weeks} weeks.`
        : `${total} run${total === 1 ? '' : 's'} finished in the last ${f.weeks} weeks; ${f.passRate ?? 0}% passed.`,
    unit: 'count',
    categoryLabel: 'Week of',
    valueLabel: 'Runs',
    categories: f.byWeek.map((w) => w.week),
    series: [
      { name: 'Passed', values: f.byWeek.map((w) => w.passed), stack: 'runs', tone: 'low' },
      { name: 'Failed', values: f.byWeek.map((w) => w.failed), stack: 'runs', tone: 'high' },
      { name: 'Blocked', values: f.byWeek.map((w) => w.blocked), stack: 'runs', tone: 'medium' },
    ],
  });
}

const tag = 'Quality Assurance';
const staff = { audience: 'staff', tag } as const;
export const QUALITY = {
  queue: endpoint({ ...staff, method: 'GET', path: '/api/v2/quality/items', summary: 'The QA queue: items waiting and under test, oldest first', query: qaQueueQuerySchema, response: qaQueueSchema }),
  item: endpoint({ ...staff, method: 'GET', path: '/api/v2/quality/items/:id', summary: 'A QA item with its runs', params: idParamsSchema, response: qaItemViewSchema }),
  take: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/items/:id/take', summary: 'Take an item to test it (starts a run)', params: idParamsSchema, body: qaTakeSchema, response: qaItemViewSchema }),
  figures: endpoint({ ...staff, method: 'GET', path: '/api/v2/quality/figures', summary: 'The QA figures: pass rate, items waiting, time in QA, failures per SCR, results by week', query: qaFiguresQuerySchema, response: qaFiguresSchema }),
  attachEvidence: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/quality/items/:id/evidence',
    summary: 'Attach evidence to a QA item (sent as multipart/form-data), kept with the run under way',
    params: idParamsSchema,
    body: qaEvidenceUploadSchema,
    status: 201,
    upload: true,
    response: qaEvidenceSchema,
  }),
  evidence: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/quality/items/:id/evidence/:attachmentId',
    summary: 'A file of a QA item’s evidence, or an image’s thumbnail',
    params: attachmentParamsSchema,
    query: attachmentQuerySchema,
    produces: 'application/octet-stream',
  }),
  cases: endpoint({ ...staff, method: 'GET', path: '/api/v2/quality/cases', summary: 'The reusable test cases (of a product area), active first, and the product areas', query: qaCasesQuerySchema, response: qaCasesSchema }),
  createCase: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/cases', summary: 'Write a test case for a product area', body: qaTestCaseInputSchema, status: 201, response: qaTestCaseSchema }),
  editCase: endpoint({ ...staff, method: 'PATCH', path: '/api/v2/quality/cases/:id', summary: 'Edit a test case (runs keep the title they tested)', params: idParamsSchema, body: qaTestCaseEditSchema, response: qaTestCaseSchema }),
  retireCase: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/cases/:id/retire', summary: 'Retire a test case: new runs no longer get it; past runs keep it', params: idParamsSchema, body: qaRetireSchema, response: qaTestCaseSchema }),
  addRunCase: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/items/:id/cases', summary: 'Add an active test case to the run under way', params: idParamsSchema, body: qaRunAddSchema, response: qaItemViewSchema }),
  removeRunCase: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/items/:id/cases/:caseId/remove', summary: 'Take a case without a result out of the run under way', params: qaRunCaseParamsSchema, body: qaRunRemoveSchema, response: qaItemViewSchema }),
  recordCase: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/items/:id/cases/:caseId/result', summary: 'Record a case of the run under way: passed, failed, blocked or skipped, with a note', params: qaRunCaseParamsSchema, body: qaCaseResultSchema, response: qaItemViewSchema }),
  result: endpoint({ ...staff, method: 'POST', path: '/api/v2/quality/items/:id/result', summary: 'Record the result of the run: pass, fail or blocked', params: idParamsSchema, body: qaResultSchema, response: qaItemViewSchema }),
};
