/**
 * Demo data of the Travel Expense form: claims in every state over the last weeks, some waiting for
 * each manager (one above the second-approval threshold), priced with the rates of migration 0041
 * the way the form prices them, with receipts drawn as small images when an upload store is given.
 */
import type { PoolClient } from 'pg';
import sharp from 'sharp';
import type { ApprovalContext, ApprovalState } from '@contracts/approvals';
import { HOME_CURRENCY, claimTotal, priceLine, type ExpenseCurrency, type ExpenseKind, type ExpenseRate, type StoredExpenseLine, type StoredExpensePayload } from '@contracts/expenses';
import { formatCents } from '@contracts/quote-money';
import type { UploadStore } from '@server/platform/uploads';
import { storeSeedImage } from './files';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Line = { kind: ExpenseKind; day: number; merchant?: string; description?: string; cents?: number; currency?: ExpenseCurrency; miles?: number; receipt?: boolean };
type Claim = { by: string; purpose: string; destination: string; daysAgo: number; nights: number; state: ApprovalState; approvers: string[]; company?: string; comment?: string; lines: Line[] };

const CLAIMS: Claim[] = [
  {
    by: 'agent', purpose: 'Acme meter rollout', destination: 'Denver', daysAgo: 6, nights: 2, state: 'inReview', approvers: ['manager'], company: 'Acme',
    lines: [
      { kind: 'mileage', day: 0, description: 'Office to Acme depot and back', miles: 38.2 },
      { kind: 'meals', day: 0, merchant: 'Snooze AM Eatery', description: 'Breakfast with the route leads', cents: 4280, receipt: true },
      { kind: 'lodging', day: 1, merchant: 'Hyatt Regency Denver', description: 'Two nights', cents: 37_800, receipt: true },
    ],
  },
  {
    by: 'quinn.qa', purpose: 'Test automation conference', destination: 'London', daysAgo: 12, nights: 3, state: 'inReview', approvers: ['manager'],
    lines: [
      { kind: 'lodging', day: 0, merchant: 'Premier Inn Southwark', description: 'Three nights', cents: 43_500, currency: 'GBP', receipt: true },
      { kind: 'meals', day: 1, merchant: 'Dishoom Shoreditch', cents: 3850, currency: 'GBP' },
      { kind: 'other', day: 2, merchant: 'Transport for London', description: 'Oyster top-up', cents: 2000, currency: 'GBP' },
    ],
  },
  {
    by: 'priya.patel', purpose: 'Harbor Water onsite support', destination: 'Chicago', daysAgo: 4, nights: 1, state: 'inReview', approvers: ['noah.kim'],
    lines: [
      { kind: 'lodging', day: 0, merchant: 'Hampton Inn Chicago Downtown', cents: 21_900, receipt: true },
      { kind: 'meals', day: 1, merchant: "Lou Malnati's", cents: 3640 },
    ],
  },
  {
    by: 'emma.nguyen', purpose: 'Globex renewal visit', destination: 'Toronto', daysAgo: 9, nights: 1, state: 'inReview', approvers: ['jamie.ortiz'], company: 'Globex',
    lines: [
      { kind: 'lodging', day: 0, merchant: 'Fairmont Royal York', cents: 31_200, currency: 'CAD', receipt: true },
      { kind: 'meals', day: 0, merchant: 'Canoe Restaurant', description: 'Dinner with the Globex buyer', cents: 18_650, currency: 'CAD', receipt: true },
    ],
  },
  {
    by: 'mateo.garcia', purpose: 'Customer workshop on the mail import', destination: 'Zurich', daysAgo: 15, nights: 3, state: 'inReview', approvers: ['riley.chen'],
    lines: [
      { kind: 'lodging', day: 0, merchant: 'Hotel St. Gotthard', description: 'Three nights', cents: 84_000, currency: 'CHF', receipt: true },
      { kind: 'other', day: 0, merchant: 'SBB', description: 'Airport train, both ways', cents: 5_400, currency: 'CHF', receipt: true },
      { kind: 'meals', day: 2, merchant: 'Zeughauskeller', cents: 6_850, currency: 'CHF' },
    ],
  },
  {
    by: 'sam.sales', purpose: 'Initech pitch', destination: 'Austin', daysAgo: 3, nights: 0, state: 'inReview', approvers: ['admin'],
    lines: [
      { kind: 'mileage', day: 0, description: 'Office to Initech HQ and back', miles: 124.5 },
      { kind: 'meals', day: 0, merchant: "Franklin Barbecue", description: 'Lunch with the Initech team', cents: 11_240, receipt: true },
    ],
  },
  {
    by: 'agent', purpose: 'Handheld training day', destination: 'Springfield', daysAgo: 30, nights: 1, state: 'applied', approvers: ['manager'],
    lines: [
      { kind: 'mileage', day: 0, description: 'Office to Springfield and back', miles: 212 },
      { kind: 'lodging', day: 0, merchant: 'Courtyard Springfield', cents: 14_900, receipt: true },
    ],
  },
  {
    by: 'hannah.muller', purpose: 'Partner summit', destination: 'Berlin', daysAgo: 41, nights: 2, state: 'applied', approvers: ['noah.kim'],
    lines: [
      { kind: 'lodging', day: 0, merchant: 'Motel One Berlin-Alexanderplatz', cents: 23_800, currency: 'EUR', receipt: true },
      { kind: 'meals', day: 1, merchant: 'Lokal', cents: 4_850, currency: 'EUR' },
    ],
  },
  {
    by: 'quinn.qa', purpose: 'Release sign-off at the data centre', destination: 'Phoenix', daysAgo: 18, nights: 1, state: 'changesRequested', approvers: ['manager'],
    comment: 'Attach the hotel folio rather than the booking confirmation, please.',
    lines: [{ kind: 'lodging', day: 0, merchant: 'Hilton Garden Inn Phoenix', cents: 17_600, receipt: true }],
  },
  {
    by: 'dana.dev', purpose: 'Team offsite', destination: 'Lake Tahoe', daysAgo: 25, nights: 2, state: 'rejected', approvers: ['admin'],
    comment: 'Offsites are booked centrally; this one was paid by the company card.',
    lines: [{ kind: 'lodging', day: 0, merchant: 'Hyatt Regency Lake Tahoe', cents: 58_000, receipt: true }],
  },
  {
    by: 'lucas.silva', purpose: 'Umbrella Gas site visit', destination: 'Houston', daysAgo: 8, nights: 0, state: 'withdrawn', approvers: ['noah.kim'],
    lines: [{ kind: 'mileage', day: 0, description: 'Office to Umbrella Gas and back', miles: 64 }],
  },
];

const SECOND_STEP = 'Second approval';

/** A receipt as a small image: the merchant, the day and the amount, as a till slip reads. */
async function receiptImage(merchant: string, day: string, amount: string): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&apos;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="440"><rect width="320" height="440" fill="#fbfaf6"/>
<text x="160" y="60" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#222">${esc(merchant.slice(0, 26))}</text>
<text x="160" y="100" font-family="monospace" font-size="16" text-anchor="middle" fill="#444">${esc(day)}</text>
<line x1="30" y1="130" x2="290" y2="130" stroke="#999" stroke-dasharray="4 4"/>
<text x="30" y="340" font-family="monospace" font-size="22" fill="#222">TOTAL</text>
<text x="290" y="340" font-family="monospace" font-size="22" text-anchor="end" fill="#222">${esc(amount)}</text>
<text x="160" y="400" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#666">Thank you</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores a drawn receipt and its thumbnail as the upload path would; answers its row id. */
async function storeReceipt(client: PoolClient, store: UploadStore, uploaderId: number, line: StoredExpenseLine, at: Date): Promise<number> {
  const amount = `${formatCents(line.amountCents)} ${line.currency}`;
  const bytes = await receiptImage(line.merchant, line.date, amount);
  const { key, thumbnailKey, sizeBytes, sha256 } = await storeSeedImage(store, bytes);
  const name = `${line.merchant.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-receipt.png`;
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO expense_receipts (uploader_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
     VALUES ($1, $2, $3, $4, 'image/png', $5, $6, $7) RETURNING id`,
    [uploaderId, key, thumbnailKey, name, sizeBytes, sha256, at],
  );
  return rows[0]!.id;
}

export async function seedExpenses(client: PoolClient, store?: UploadStore): Promise<void> {
  const { rows: staff } = await client.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
  const id = (who: string) => staff.find((r) => r.email === `${who}@demo.test`)!.id;
  const { rows: companies } = await client.query<{ id: number; name: string }>('SELECT id, name FROM companies');
  const { rows: rates } = await client.query<ExpenseRate>(
    `SELECT kind, code, to_char(valid_from, 'YYYY-MM-DD') AS "validFrom", rate_micros::int AS "rateMicros" FROM expense_rates`,
  );
  const now = Date.now();
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

  for (const c of CLAIMS) {
    const start = now - c.daysAgo * DAY;
    const submitted = new Date(start + (c.nights + 1) * DAY - 6 * HOUR);
    const requesterId = id(c.by);
    const lines: StoredExpenseLine[] = [];
    for (const l of c.lines) {
      const base = {
        kind: l.kind, date: dayOf(start + l.day * DAY), description: l.description ?? '', merchant: l.merchant ?? '',
        amountCents: l.cents ?? 0, currency: l.currency ?? HOME_CURRENCY, distanceHundredths: Math.round((l.miles ?? 0) * 100), billable: false, receiptIds: [] as number[],
      };
      lines.push({ ...base, ...priceLine(base, rates)!, flags: [] });
    }
    if (store) {
      for (const [i, l] of c.lines.entries()) if (l.receipt) lines[i]!.receiptIds = [await storeReceipt(client, store, requesterId, lines[i]!, submitted)];
    }
    const company = c.company ? companies.find((co) => co.name.startsWith(c.company!)) : undefined;
    const payload: StoredExpensePayload = {
      purpose: c.purpose, destination: c.destination, startDate: dayOf(start), endDate: dayOf(start + c.nights * DAY),
      ...(company ? { companyId: company.id, companyName: company.name } : {}), lines, totalCents: claimTotal(lines), currency: HOME_CURRENCY,
    };
    const approvers = c.approvers.map((a) => ({ id: id(a), for: null }));
    const steps = [{ name: 'Manager review', approvers, need: 1, dueHours: 48 }];
    if (payload.totalCents > 100_000) steps.push({ name: SECOND_STEP, approvers: [{ id: id('admin'), for: null }], need: 1, dueHours: 48 });
    const decider = approvers[0]!.id;
    const decided = ['applied', 'rejected', 'changesRequested'].includes(c.state);
    const context: ApprovalContext = { requesterId, steps, step: 0, approvals: c.state === 'applied' ? steps.map((_, step) => ({ step, by: step === 0 ? decider : id('admin') })) : [], decidedBy: decided ? [decider] : [], round: 1 };
    const later = new Date(submitted.getTime() + 20 * HOUR);
    const title = `${c.purpose} (${c.destination})`;
    const { rows: r } = await client.query<{ id: number }>(
      `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, waiting_on, version, submitted_at, due_at, created_at, updated_at)
       VALUES ('expense', 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10) RETURNING id`,
      [
        requesterId, title, JSON.stringify(payload), c.state, JSON.stringify(context), c.state === 'inReview' ? [decider] : [], c.state === 'inReview' ? 2 : 3, submitted,
        c.state === 'inReview' ? new Date(submitted.getTime() + 48 * HOUR) : null, c.state === 'inReview' ? submitted : later,
      ],
    );
    const requestId = r[0]!.id;
    const history: [string, number | null, string | null, string, string | null, string | null, Date][] = [['submitted', requesterId, 'draft', 'inReview', 'Manager review', null, submitted]];
    if (c.state === 'applied') history.push(['approved', decider, 'inReview', 'approved', 'Manager review', null, later], ['applied', null, 'approved', 'applied', null, null, later]);
    if (c.state === 'rejected') history.push(['rejected', decider, 'inReview', 'rejected', 'Manager review', c.comment ?? null, later]);
    if (c.state === 'changesRequested') history.push(['sentBack', decider, 'inReview', 'changesRequested', 'Manager review', c.comment ?? null, later]);
    if (c.state === 'withdrawn') history.push(['withdrawn', requesterId, 'inReview', 'withdrawn', 'Manager review', null, later]);
    for (const [action, actor, from, to, step, comment, at] of history) {
      await client.query(
        'INSERT INTO approval_history (request_id, action, actor_id, from_state, to_state, step, comment, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [requestId, action, actor, from, to, step, comment, at],
      );
    }
    if (c.state === 'applied') {
      for (const [i, l] of lines.entries()) {
        await client.query(
          `INSERT INTO expense_lines (request_id, position, kind, day, description, merchant, amount_cents, currency, distance_hundredths, rate_micros, rate_day, home_cents, billable, receipt_ids)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, false, $13)`,
          [requestId, i, l.kind, l.date, l.description, l.merchant, l.amountCents, l.currency, l.distanceHundredths, l.rateMicros, l.rateDay, l.homeCents, l.receiptIds],
        );
      }
    }
  }
}
