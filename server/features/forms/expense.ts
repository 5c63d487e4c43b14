/**
 * The Travel Expense form (docs/adr/0189, 0190): priced on the server with the rates in force on
 * each line's day (stored with the line), receipts checked as the requester's own, a missing
 * receipt above the threshold refused, duplicates flagged for the approver; on approval its lines
 * are written once and the billable ones land on a draft quote for the trip's company.
 */
import {
  HOME_CURRENCY,
  NO_RATE,
  RECEIPT_MISSING,
  claimTotal,
  expensePayloadSchema,
  missesReceipt,
  priceLine,
  type ExpenseLine,
  type ExpensePayload,
  type StoredExpenseLine,
  type StoredExpensePayload,
} from '@contracts/expenses';
import { formatCents } from '@contracts/quote-money';
import { defineForm } from '@server/features/approvals';
import { quoteBilledExpenses } from '@server/features/quotes';
import { staffActor } from '@server/platform/audit';
import { invalidInputError } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import { claimsWithReceiptHashes, companyName, expenseRates, insertApprovedLines, ownReceipts, requesterClaimLines, setLinesQuote } from './expenses.repo';
import { exists } from './forms.repo';

const sameMerchant = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const claims = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');

/** Prices a claim and names what is wrong with it (every field at once), or answers it as stored. */
export async function priceClaim(db: Queryable, requesterId: number, p: ExpensePayload, now: Date, requestId: number | null): Promise<StoredExpensePayload> {
  const fields: { path: (string | number)[]; message: string }[] = [];
  const company = p.companyId === undefined ? undefined : await companyName(db, p.companyId);
  if (company === null) fields.push({ path: ['companyId'], message: 'No such company' });
  if (p.projectId !== undefined && !(await exists(db, 'projects', p.projectId))) fields.push({ path: ['projectId'], message: 'No such project' });
  if (p.ticketId !== undefined && !(await exists(db, 'tickets', p.ticketId))) fields.push({ path: ['ticketId'], message: 'No such ticket' });
  const rates = await expenseRates(db);
  const receipts = await ownReceipts(db, requesterId, p.lines.flatMap((l) => l.receiptIds));
  const hashesOf = (ids: readonly number[]) => ids.map((id) => receipts.get(id)?.sha256).filter((h): h is string => h !== undefined);
  const elsewhere = await claimsWithReceiptHashes(db, hashesOf(p.lines.flatMap((l) => l.receiptIds)), now, requestId);
  const past = await requesterClaimLines(db, requesterId, now, requestId);
  const lines: StoredExpenseLine[] = [];
  for (const [i, l] of p.lines.entries()) {
    const line: ExpenseLine = l.kind === 'mileage' ? { ...l, amountCents: 0, currency: HOME_CURRENCY, merchant: '' } : { ...l, distanceHundredths: 0 };
    const price = priceLine(line, rates);
    if (!price) {
      fields.push({ path: ['lines', i, 'date'], message: NO_RATE });
      continue;
    }
    if (l.receiptIds.some((id) => !receipts.has(id))) fields.push({ path: ['lines', i, 'receiptIds'], message: 'Attach receipts you uploaded' });
    else if (missesReceipt(line, price.homeCents)) fields.push({ path: ['lines', i, 'receiptIds'], message: RECEIPT_MISSING });
    const flags: string[] = [];
    const hashes = hashesOf(l.receiptIds);
    const otherClaims = [...new Set(hashes.flatMap((h) => elsewhere.get(h) ?? []))];
    if (otherClaims.length) flags.push(`Same receipt file as claim ${claims(otherClaims)}`);
    if (p.lines.some((o, j) => j !== i && hashesOf(o.receiptIds).some((h) => hashes.includes(h)))) flags.push('Same receipt file as another line of this claim');
    if (line.kind !== 'mileage') {
      const same = (o: { date: string; amountCents: number; currency: string; merchant: string }) =>
        o.date === line.date && o.amountCents === line.amountCents && o.currency === line.currency && sameMerchant(o.merchant, line.merchant);
      const pastSame = [...new Set(past.filter(same).map((o) => o.id))];
      if (pastSame.length) flags.push(`Same amount, day and merchant as claim ${claims(pastSame)}`);
      if (p.lines.some((o, j) => j !== i && o.kind !== 'mileage' && same(o))) flags.push('Same amount, day and merchant as another line of this claim');
    }
    const named = l.receiptIds.map((id) => receipts.get(id)).filter((r) => r !== undefined).map(({ id, name, mime_type, size_bytes, image }) => ({ id, name, mime_type, size_bytes, image }));
    lines.push({ ...line, ...price, flags, receipts: named });
  }
  if (fields.length) throw invalidInputError(fields);
  // The company's name is kept with the claim, so a claim sent back shows it in the form again.
  return { ...p, ...(company ? { companyName: company } : {}), lines, totalCents: claimTotal(lines), currency: HOME_CURRENCY };
}

export const expenseForm = defineForm({
  type: 'expense',
  payload: expensePayloadSchema,
  title: (p) => `${p.purpose} (${p.destination})`,
  check: (db, requesterId, p, now, requestId) => priceClaim(db, requesterId, p, now, requestId),
  async onApproved(db, { id, requesterId, payload }, now) {
    const claim = payload as unknown as StoredExpensePayload;
    if (!(await insertApprovedLines(db, id, claim.companyId ?? null, claim.lines))) return;
    const billable = claim.lines.map((l, position) => ({ l, position })).filter(({ l }) => l.billable);
    if (!billable.length || claim.companyId === undefined) return;
    const quoteId = await quoteBilledExpenses(
      db,
      {
        companyId: claim.companyId,
        title: `Travel expenses: ${claim.purpose}`,
        lines: billable.map(({ l }) => ({
          description: `${l.date} ${l.kind === 'mileage' ? `Mileage: ${l.description} (${formatCents(l.distanceHundredths)} mi)` : `${l.merchant}${l.description ? `: ${l.description}` : ''}`}${l.currency === HOME_CURRENCY ? '' : ` (${formatCents(l.amountCents)} ${l.currency})`}`,
          amountCents: l.homeCents,
        })),
        now,
      },
      { actor: staffActor(requesterId), userId: requesterId },
    );
    await setLinesQuote(db, id, billable.map((b) => b.position), quoteId);
  },
});
