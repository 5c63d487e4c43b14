/**
 * The Quality Assurance queue's transaction scripts. Another feature puts its work under test with
 * `queueForQa`; a feature that wants to hear of a result (changes: a failed SCR returns to
 * development) registers with `onQaResult`, so the quality feature imports no feature of its own users.
 */
import { ERROR_CODES } from '@contracts/common/errors';
import { UPLOAD_PARTS } from '@contracts/common/uploads';
import { NO_EVIDENCE_MESSAGE, QA_CASE_MESSAGES, QA_MESSAGES, qaPassRefusal, type QaCaseResultInput, type QaItemView, type QaTestCase, type QaTestCaseInput } from '@contracts/quality';
import { audit, staffActor } from '@server/platform/audit';
import { ApiError, conflict, notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import type { StoredFile } from '@server/platform/uploads';
import {
  addStep,
  evidenceOf,
  finishRun,
  insertCase,
  insertEvidence,
  insertQaItem,
  latestItemOfScr,
  loadCase,
  loadItem,
  openRunOf,
  recordStep,
  removeStep,
  retireCase as retireCaseRow,
  runsOf,
  startRun,
  stepsOf,
  touchItem,
  updateCase,
  type QaItemState,
} from './quality.repo';

export type QaResult = 'pass' | 'fail' | 'blocked';
export type QaOutcome = { itemId: number; scrId: number | null; ticketId: number | null; result: QaResult; notes: string | null; testerId: number };
type ResultHandler = (db: Queryable, outcome: QaOutcome, now: Date) => Promise<void>;

/** One handler per feature: an app built again (tests build several) replaces it, never adds a second. */
const HANDLERS = new Map<string, ResultHandler>();

/** Called in the transaction that records a result (a feature registers when the app is built). */
export function onQaResult(feature: string, handler: ResultHandler): void {
  HANDLERS.set(feature, handler);
}

export async function announceResult(db: Queryable, outcome: QaOutcome, now: Date): Promise<void> {
  for (const handler of HANDLERS.values()) await handler(db, outcome, now);
}

/** Puts an SCR or a ticket in the QA queue, waiting for a tester; answers the item's id. */
export const queueForQa = (db: Queryable, item: { scrId?: number; ticketId?: number; title: string; priority: string; productArea?: string | null }): Promise<number> =>
  insertQaItem(db, item);

/** Where an SCR stands in QA: its latest item, or null when it never entered QA. */
export const qaOfScr = (db: Queryable, scrId: number): Promise<QaItemState | null> => latestItemOfScr(db, scrId);

const STALE = 'This item changed since you read it; reload it and try again';

export async function viewItem(db: Queryable, id: number): Promise<QaItemView> {
  const item = await loadItem(db, id);
  if (!item) throw notFound('No such QA item');
  return { ...item, runs: await runsOf(db, id), evidence: await evidenceOf(db, id) };
}

async function lockedItem(db: Queryable, id: number, version: number) {
  const item = await loadItem(db, id, true);
  if (!item) throw notFound('No such QA item');
  if (item.version !== version) throw conflict(STALE, { version: STALE });
  return item;
}

/** A tester takes a waiting (or blocked) item: a new run starts. */
export async function takeItem(db: Queryable, me: number, id: number, version: number, now: Date): Promise<void> {
  const item = await lockedItem(db, id, version);
  if (item.status === 'testing') throw conflict(`${item.tester ?? 'Someone'} is testing this item already`);
  if (item.status === 'passed' || item.status === 'failed') throw conflict('This item has its result already');
  await startRun(db, id, me, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: 'take' });
}

/** The run's result; the item's owner feature hears of it in the same transaction. */
export async function recordResult(db: Queryable, me: number, id: number, input: { result: QaResult; notes?: string | undefined; version: number }, now: Date): Promise<void> {
  const item = await lockedItem(db, id, input.version);
  if (item.status !== 'testing') throw conflict('Take the item before recording a result', { result: 'Take the item first' });
  if (input.result === 'pass') {
    // A pass agrees with its cases: each has a result, and none failed or is blocked (docs/adr/0225).
    const run = await openRunOf(db, id);
    const against = run === null ? undefined : (await stepsOf(db, run)).find((s) => s.result === null || s.result === 'fail' || s.result === 'blocked');
    if (against) {
      const message = qaPassRefusal(against.title, against.result);
      throw new ApiError(400, ERROR_CODES.invalidInput, message, { result: message });
    }
  }
  const notes = input.notes ? input.notes : null;
  await finishRun(db, id, input.result, notes, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: input.result });
  await announceResult(db, { itemId: id, scrId: item.scr_id, ticketId: item.ticket_id, result: input.result, notes, testerId: me }, now);
}

/** Evidence a tester attaches to an item (checked by the upload path), kept with the run under way; answers the item's evidence. */
export async function attachEvidence(db: Queryable, me: number, id: number, files: readonly StoredFile[], now: Date) {
  if (!files.length) throw new ApiError(400, ERROR_CODES.invalidInput, NO_EVIDENCE_MESSAGE, { [UPLOAD_PARTS.files]: NO_EVIDENCE_MESSAGE });
  const item = await loadItem(db, id, true);
  if (!item) throw notFound('No such QA item');
  await insertEvidence(db, id, me, files, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: 'evidence', detail: { files: files.map((f) => f.name) } });
  return { evidence: await evidenceOf(db, id) };
}

// --- The cases of the run under way ------------------------------------------------------------------

/** The item locked at the version read, under test, with its run under way. */
async function runUnderWay(db: Queryable, id: number, version: number): Promise<number> {
  const item = await lockedItem(db, id, version);
  const run = item.status === 'testing' ? await openRunOf(db, id) : null;
  if (run === null) throw conflict(QA_MESSAGES.notTaken);
  return run;
}

/** An active test case joins the run under way. */
export async function addRunCase(db: Queryable, me: number, id: number, input: { caseId: number; version: number }, now: Date): Promise<void> {
  const run = await runUnderWay(db, id, input.version);
  const testCase = await loadCase(db, input.caseId);
  if (!testCase) throw new ApiError(400, ERROR_CODES.invalidInput, QA_CASE_MESSAGES.noSuchCase, { caseId: QA_CASE_MESSAGES.noSuchCase });
  if (!testCase.active) throw new ApiError(400, ERROR_CODES.invalidInput, QA_CASE_MESSAGES.retired, { caseId: QA_CASE_MESSAGES.retired });
  if ((await stepsOf(db, run)).some((s) => s.test_case_id === testCase.id)) throw conflict(QA_CASE_MESSAGES.inRun, { caseId: QA_CASE_MESSAGES.inRun });
  await addStep(db, run, testCase, now);
  await touchItem(db, id);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: 'case_add', detail: { caseId: testCase.id } });
}

/** A case without a result leaves the run under way (one with a result stays: it is history). */
export async function removeRunCase(db: Queryable, me: number, id: number, caseId: number, version: number): Promise<void> {
  const run = await runUnderWay(db, id, version);
  const step = (await stepsOf(db, run)).find((s) => s.test_case_id === caseId);
  if (!step) throw notFound(QA_CASE_MESSAGES.notInRun);
  if (step.result !== null) throw conflict(QA_CASE_MESSAGES.recorded);
  await removeStep(db, run, caseId);
  await touchItem(db, id);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: 'case_remove', detail: { caseId } });
}

/** A case of the run under way gets its result (recorded again, the latest stands), by whom and when. */
export async function recordRunCase(db: Queryable, me: number, id: number, caseId: number, input: QaCaseResultInput, now: Date): Promise<void> {
  const run = await runUnderWay(db, id, input.version);
  if (!(await stepsOf(db, run)).some((s) => s.test_case_id === caseId)) throw notFound(QA_CASE_MESSAGES.notInRun);
  await recordStep(db, run, caseId, { result: input.result, note: input.note ? input.note : null, by: me }, now);
  await touchItem(db, id);
  await audit(db, { actor: staffActor(me), entity: 'qa_item', entityId: id, action: 'case_result', detail: { caseId, result: input.result } });
}

// --- Test cases ----------------------------------------------------------------------------------------

async function lockedCase(db: Queryable, id: number, version: number): Promise<QaTestCase> {
  const testCase = await loadCase(db, id, true);
  if (!testCase) throw notFound(QA_CASE_MESSAGES.noSuchCase);
  if (testCase.version !== version) throw conflict(QA_CASE_MESSAGES.caseStale, { version: QA_CASE_MESSAGES.caseStale });
  return testCase;
}

export async function createCase(db: Queryable, me: number, input: QaTestCaseInput, now: Date): Promise<QaTestCase> {
  const id = await insertCase(db, input, me, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_test_case', entityId: id, action: 'create' });
  return (await loadCase(db, id))!;
}

export async function editCase(db: Queryable, me: number, id: number, input: QaTestCaseInput & { version: number }, now: Date): Promise<QaTestCase> {
  const testCase = await lockedCase(db, id, input.version);
  if (!testCase.active) throw conflict(QA_CASE_MESSAGES.alreadyRetired);
  await updateCase(db, id, input, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_test_case', entityId: id, action: 'edit' });
  return (await loadCase(db, id))!;
}

/** A retired case joins no new run; runs that tested it keep it. */
export async function retireCase(db: Queryable, me: number, id: number, version: number, now: Date): Promise<QaTestCase> {
  const testCase = await lockedCase(db, id, version);
  if (!testCase.active) throw conflict(QA_CASE_MESSAGES.alreadyRetired);
  await retireCaseRow(db, id, now);
  await audit(db, { actor: staffActor(me), entity: 'qa_test_case', entityId: id, action: 'retire' });
  return (await loadCase(db, id))!;
}
