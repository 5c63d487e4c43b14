/**
 * Paid time off as a ledger (docs/adr/0191): a person's balance is the sum of their entries.
 * Accruals, forfeits and expiries are computed here from the plan and the entries so far, each with
 * a source key that is unique per person, so running the job again adds nothing. Pure: no database.
 */

export type PtoPlan = {
  hoursPerMonth: number;
  capHours: number;
  carryOverHours: number;
  /** Carried hours not taken by the end of this month (1–12) of the new year expire. */
  carryOverExpires: number;
  /** A request may take the balance down to this (≤ 0). */
  floorHours: number;
  hoursPerDay: number;
};

export type LedgerKind = 'accrual' | 'forfeit' | 'expiry' | 'taken' | 'adjustment';
/** `on` is a calendar day, YYYY-MM-DD. Hours are signed: in positive, out negative. */
export type LedgerEntry = { kind: LedgerKind; hours: number; on: string; source: string };

const cents = (h: number) => Math.round(h * 100) / 100;
const sum = (xs: number[]) => cents(xs.reduce((a, b) => a + b, 0));

/**
 * The balance on a day: what came in up to that day, less all leave booked (approved leave counts
 * from the moment it is approved, whatever its dates), less what is pending.
 */
export function balanceOn(entries: readonly LedgerEntry[], day: string, pendingHours = 0): number {
  return sum(entries.filter((e) => e.kind === 'taken' || e.on <= day).map((e) => e.hours)) - cents(pendingHours);
}

const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (y: number, m: number) => `${y}-${pad(m)}-01`;
/** The day after the last of month m (1–12) of year y. */
const afterMonth = (y: number, m: number) => (m === 12 ? firstOfMonth(y + 1, 1) : firstOfMonth(y, m + 1));
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The entries due on `today` that the ledger does not hold yet, in order:
 * - the year end of last year (`forfeit:Y`, on 1 January): what is above the carry-over is forfeited;
 * - the expiry of last year's carry-over (`expiry:Y`, the day after its month): carried hours not
 *   taken since 1 January expire, never taking the balance below the floor;
 * - this month's accrual (`accrual:YYYY-MM`, on the 1st): the monthly hours, stopping at the cap.
 * Entries are computed one after the other, each seeing the ones before it.
 */
export function dueEntries(plan: PtoPlan, entries: readonly LedgerEntry[], today: string): LedgerEntry[] {
  const have = new Set(entries.map((e) => e.source));
  const ledger = [...entries];
  const out: LedgerEntry[] = [];
  const add = (e: LedgerEntry) => {
    if (have.has(e.source)) return;
    have.add(e.source);
    ledger.push(e);
    out.push(e);
  };
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // The last two year ends (a carry-over expiring in December of the next year is due with the next year end).
  for (const closed of [year - 2, year - 1]) {
    const newYear = firstOfMonth(closed + 1, 1);
    // Only a person with entries before the new year has a year end to close.
    if (!ledger.some((e) => e.on < newYear)) continue;
    // The expiry of the year before, due the same day, comes first.
    const atEnd = balanceOn(ledger.filter((e) => e.on < newYear || (e.kind === 'expiry' && e.on === newYear)), dayBefore(newYear));
    const carried = Math.max(0, Math.min(atEnd, plan.carryOverHours));
    add({ kind: 'forfeit', hours: -cents(Math.max(0, atEnd - plan.carryOverHours)), on: newYear, source: `forfeit:${closed}` });
    const expiresOn = afterMonth(closed + 1, plan.carryOverExpires);
    if (today >= expiresOn && !have.has(`expiry:${closed}`)) {
      const taken = -sum(ledger.filter((e) => e.kind === 'taken' && e.on >= newYear && e.on < expiresOn).map((e) => e.hours));
      const unused = Math.max(0, carried - taken);
      const room = Math.max(0, balanceOn(ledger, expiresOn) - plan.floorHours);
      add({ kind: 'expiry', hours: -cents(Math.min(unused, room)), on: expiresOn, source: `expiry:${closed}` });
    }
  }
  const on = firstOfMonth(year, month);
  if (!have.has(`accrual:${on.slice(0, 7)}`)) {
    const room = Math.max(0, plan.capHours - balanceOn(ledger, on));
    add({ kind: 'accrual', hours: cents(Math.min(plan.hoursPerMonth, room)), on, source: `accrual:${on.slice(0, 7)}` });
  }
  return out;
}

/** Whether a request of `hours` fits: the balance after it stays at or above the plan's floor. */
export function fits(plan: PtoPlan, entries: readonly LedgerEntry[], today: string, pendingHours: number, hours: number): boolean {
  return balanceOn(entries, today, pendingHours) - hours >= plan.floorHours - 1e-9;
}
