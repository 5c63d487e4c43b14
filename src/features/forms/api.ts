import { APPROVALS, type FormType, type RequestSummary } from '@contracts/approvals';
import { EXPENSES, type ExpensePayloadInput } from '@contracts/expenses';
import { FORMS_ADMIN, type KudoValueChange, type NewExpenseRate } from '@contracts/forms-admin';
import { FORMS, type CorrectionPayload, type KudoPayload, type PunchCorrectionInput, type TimeEntryCorrectionInput } from '@contracts/forms';
import { call } from '@/shared/http/http';
import { downloadBlob } from '@/shared/ui/download';
import { readerTimeZone } from '@/shared/ui/tokens/format';

/** A correction as submitted: a new one, or one sent back and submitted again. */
export type CorrectionSubmission = { payload: CorrectionPayload | TimeEntryCorrectionInput | PunchCorrectionInput; resubmit?: { id: number; version: number } };

export const formsApi = {
  sendKudo: (payload: KudoPayload) => call(APPROVALS.create, { body: { formType: 'kudo', payload } }),
  submitCorrection: ({ payload, resubmit }: CorrectionSubmission) =>
    resubmit
      ? call(APPROVALS.resubmit, { params: { id: resubmit.id }, body: { version: resubmit.version, payload } })
      : call(APPROVALS.create, { body: { formType: 'correction', payload } }),
  kudoValues: () => call(FORMS.kudoValues),
  /** My last days are counted in my own zone. */
  myTimeEntries: () => call(FORMS.myTimeEntries, { query: { tz: readerTimeZone() } }),
  myPunches: () => call(FORMS.myPunches, { query: { tz: readerTimeZone() } }),
  mine: (formType: FormType): Promise<RequestSummary[]> => call(APPROVALS.mine, { query: { formType } }),
  toReview: (formType: FormType): Promise<RequestSummary[]> => call(APPROVALS.inbox, { query: { formType } }),
  submitExpense: ({ payload, resubmit }: { payload: ExpensePayloadInput; resubmit?: { id: number; version: number } | undefined }) =>
    resubmit
      ? call(APPROVALS.resubmit, { params: { id: resubmit.id }, body: { version: resubmit.version, payload } })
      : call(APPROVALS.create, { body: { formType: 'expense', payload } }),
  expenseRates: () => call(EXPENSES.rates),
  uploadReceipts: (files: readonly File[]) => call(EXPENSES.upload, { body: {}, files }),
  claimPdf: (id: number) => call(EXPENSES.pdf, { params: { id } }).then((blob) => downloadBlob(`expense-claim-${id}.pdf`, blob)),
  expensesCsv: () => call(EXPENSES.csv, { query: {} }).then((blob) => downloadBlob('travel-expenses.csv', blob)),
  receiptThumbnail: (id: number): Promise<Blob> => call(EXPENSES.receipt, { params: { id }, query: { variant: 'thumbnail' } }),
  // What admins keep: the company values and the rates.
  allKudoValues: () => call(FORMS_ADMIN.values),
  addKudoValue: (name: string) => call(FORMS_ADMIN.addValue, { body: { name } }),
  changeKudoValue: (id: number, change: KudoValueChange) => call(FORMS_ADMIN.changeValue, { params: { id }, body: change }),
  orderKudoValues: (ids: number[]) => call(FORMS_ADMIN.orderValues, { body: { ids } }),
  adminRates: () => call(FORMS_ADMIN.rates),
  addRate: (rate: NewExpenseRate) => call(FORMS_ADMIN.addRate, { body: rate }),
  changeRate: (id: number, rateMicros: number) => call(FORMS_ADMIN.changeRate, { params: { id }, body: { rateMicros } }),
};
