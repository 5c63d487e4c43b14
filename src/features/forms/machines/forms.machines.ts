import type { FormType, RequestSummary, RequestView } from '@contracts/approvals';
import { RECEIPT_MISSING, expensePayloadSchema, missesReceipt, priceLine, type ExpensePayloadInput, type ExpenseRate, type Receipt } from '@contracts/expenses';
import { correctionRequestSchema, kudoPayloadSchema, type KudoPayload, type OwnPunch, type OwnTimeEntry } from '@contracts/forms';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { formsApi, type CorrectionSubmission } from '../api';

/** A kudo sent: checked against the contract first, each problem beside its field. */
export const sendKudoMachine = createSubmitMachine('kudo-send', (payload: KudoPayload): Promise<RequestView> => formsApi.sendKudo(payload), { schema: kudoPayloadSchema });
/** The company values a kudo names. */
export const kudoValuesMachine = createQueryMachine('kudo-values', (): Promise<string[]> => formsApi.kudoValues());
/** My submissions of a form, with their status. */
export const mySubmissionsMachine = createQueryMachine('forms-mine', (formType: FormType): Promise<RequestSummary[]> => formsApi.mine(formType));
/** What of a form waits for my review. */
export const toReviewMachine = createQueryMachine('forms-review', (formType: FormType): Promise<RequestSummary[]> => formsApi.toReview(formType));
/** A correction submitted (or submitted again after changes were requested), checked against the contract first. */
export const submitCorrectionMachine = createSubmitMachine('correction-submit', (s: CorrectionSubmission): Promise<RequestView> => formsApi.submitCorrection(s), {
  schema: { safeParse: (input: unknown) => correctionRequestSchema.safeParse((input as CorrectionSubmission | undefined)?.payload) },
});
/** My time entries of the last days, which a correction picks from. */
export const myTimeEntriesMachine = createQueryMachine('correction-time-entries', (): Promise<OwnTimeEntry[]> => formsApi.myTimeEntries());
export const myPunchesMachine = createQueryMachine('correction-punches', (): Promise<OwnPunch[]> => formsApi.myPunches());

/** A claim as the form sends it, with the rates it is priced with while typing; a sent-back claim names the request and the version read. */
export type ExpenseSubmission = { payload: ExpensePayloadInput; rates: readonly ExpenseRate[]; resubmit?: { id: number; version: number } };

/**
 * The claim's problems by field: the contract's, and a line above the receipt threshold without a
 * receipt (priced with the rates the screen shows), which blocks the send as the server would.
 */
export const expenseSchema = {
  safeParse(input: unknown) {
    const { payload, rates } = (input ?? {}) as Partial<ExpenseSubmission>;
    const parsed = expensePayloadSchema.safeParse(payload);
    const issues: { path: PropertyKey[]; message: string }[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
    if (parsed.success && rates) {
      parsed.data.lines.forEach((l, i) => {
        const price = priceLine(l, rates);
        if (price && missesReceipt(l, price.homeCents)) issues.push({ path: ['lines', i, 'receiptIds'], message: RECEIPT_MISSING });
      });
    }
    return issues.length ? { success: false as const, error: { issues } } : { success: true as const };
  },
};

/** A travel expense claim submitted (or sent again after changes were requested), checked against the contract and the receipt rule first. */
export const submitExpenseMachine = createSubmitMachine('expense-submit', (s: ExpenseSubmission): Promise<RequestView> => formsApi.submitExpense(s), { schema: expenseSchema });
/** Receipts uploaded through the one upload path, to attach to a line. */
export const uploadReceiptsMachine = createSubmitMachine('expense-receipts', (s: { files: readonly File[] }): Promise<{ receipts: Receipt[] }> => formsApi.uploadReceipts(s.files));
/** The dated exchange and mileage rates. */
export const expenseRatesMachine = createQueryMachine('expense-rates', (): Promise<ExpenseRate[]> => formsApi.expenseRates());
/** An approved claim's PDF, fetched with the session and offered as a download. */
export const claimPdfMachine = createSubmitMachine<number, void>('expense-claim-pdf', (id) => formsApi.claimPdf(id));
/** The approved claims I may see, as CSV. */
export const expensesCsvMachine = createSubmitMachine<null, void>('expenses-csv', () => formsApi.expensesCsv());
