import type { PoolClient } from 'pg';
import { preApprovedNote, riskScore, type RiskInputs, type ScrPriority, type ScrStatus } from '@contracts/changes';
import type { UploadStore } from '@server/platform/uploads';
import { drawnImage, storeSeedImage } from './files';

const PATH: ScrStatus[] = ['submitted', 'under_review', 'approved', 'in_development', 'in_qa', 'released'];
const HISTORY_ACTIONS: Record<ScrStatus, string> = {
  submitted: 'submitted',
  under_review: 'review',
  approved: 'approved',
  in_development: 'development',
  in_qa: 'qa',
  released: 'released',
  rejected: 'rejected',
};

type Spec = {
  company: number;
  title: string;
  description: string;
  reason: string | null;
  priority: ScrPriority;
  status: ScrStatus;
  /** Days since it was raised. */
  age: number;
  risk?: RiskInputs;
  hours?: number;
  /** Failed QA runs before the last one (each returned it to development). */
  failures?: number;
  note?: string;
  comments?: [string, boolean][];
  /** An emergency change's justification: approved without the advisory step, waiting for its review. */
  emergency?: string;
};

const low: RiskInputs = { impact: 'low', complexity: 'low', touchesData: false, downtime: false };
const medium: RiskInputs = { impact: 'medium', complexity: 'medium', touchesData: true, downtime: false };
const high: RiskInputs = { impact: 'high', complexity: 'high', touchesData: true, downtime: true };

/** Change requests in every stage for several companies, with their history, comments and QA runs. */
const SPECS: Spec[] = [
  { company: 0, title: 'Late fee on its own bill line', description: 'Show the late fee as its own line under the amount due.', reason: 'Customers call to ask what the extra amount is.', priority: 'high', status: 'submitted', age: 1 },
  { company: 1, title: 'Paperless opt-in on the portal', description: 'Let customers switch to e-bills from their portal profile.', reason: 'Printing and postage cost us $0.62 a bill.', priority: 'medium', status: 'submitted', age: 3 },
  { company: 2, title: 'Route order on the meter read export', description: 'Sort the meter read export by route and sequence.', reason: 'Readers re-sort it by hand every cycle.', priority: 'low', status: 'under_review', age: 6, comments: [['Asked the client for a sample file.', false]] },
  { company: 3, title: 'Budget billing true-up letter', description: 'A letter template for the yearly budget billing true-up.', reason: 'Required by the state commission from January.', priority: 'high', status: 'under_review', age: 9, risk: medium, hours: 16 },
  { company: 0, title: 'Disconnect notice in Spanish', description: 'Print the disconnect notice in Spanish for accounts that ask for it.', reason: 'About 18% of our customers prefer Spanish.', priority: 'critical', status: 'approved', age: 14, risk: medium, hours: 24, comments: [['Approved; development starts next sprint.', true]] },
  { company: 4, title: 'Payment plan installments on the bill', description: 'Show the installment number and the balance left on plan accounts.', reason: 'Plan customers lose track of where they are.', priority: 'medium', status: 'in_development', age: 21, risk: low, hours: 12, failures: 1, note: 'The balance left is off by one installment.' },
  { company: 5, title: 'Estimated read flag on the bill', description: 'Mark estimated reads with an E beside the usage.', reason: 'Customers dispute estimated bills they cannot tell apart.', priority: 'high', status: 'in_qa', age: 18, risk: low, hours: 6, comments: [['In testing now.', true]] },
  { company: 1, title: 'Tiered water rates for 2027', description: 'Load the 2027 tiered rate table and use it from the first cycle of the year.', reason: 'Council approved new tiers.', priority: 'critical', status: 'in_qa', age: 26, risk: high, hours: 40, failures: 1, note: 'Tier 3 is charged from 10,001 gallons instead of 10,000.' },
  { company: 2, title: 'Bill message by rate class', description: 'Let staff set a bill message per rate class.', reason: 'Commercial customers get residential notices.', priority: 'low', status: 'released', age: 45, risk: low, hours: 8, comments: [['Released on the last cycle.', true]] },
  { company: 3, title: 'Auto-pay draft date on the bill', description: 'Show the next auto-pay draft date under the amount due.', reason: 'Fewer calls about draft dates.', priority: 'medium', status: 'released', age: 38, risk: medium, hours: 14, failures: 2, note: 'The draft date ignores bank holidays.' },
  { company: 5, title: 'Usage graph of 13 months', description: 'Show 13 months of usage on the bill, not 12.', reason: 'Customers compare with the same month last year.', priority: 'medium', status: 'released', age: 30, risk: low, hours: 5 },
  { company: 2, title: 'Sales tax rate on water bills', description: 'Charge the new state sales tax rate on water bills from this cycle.', reason: 'The state raised the rate from the first of the month.', priority: 'critical', status: 'approved', age: 2, risk: low, hours: 4, emergency: 'Bills print tomorrow; the advisory step meets next week.' },
  { company: 4, title: 'Fax delivery of bills', description: 'Send bills by fax to customers who ask for it.', reason: null, priority: 'low', status: 'rejected', age: 12, note: 'Fewer than five customers asked for fax in three years; e-bills cover them.' },
];

const DAY = "interval '1 day'";

/** Reusable QA test cases per product area: [title, steps, expected result]. */
const TEST_CASES: Record<string, [string, string, string][]> = {
  'Bill print': [
    ['Bill lines in order', '1. Print a bill of last cycle for a residential account\n2. Read the lines under the amount due', 'Charges, fees and taxes each on their own line, in the order of the template'],
    ['Amount due matches the ledger', '1. Print a bill\n2. Compare the amount due with the account ledger', 'The amount due equals the ledger balance to the cent'],
    ['Spanish template', '1. Set an account to Spanish\n2. Print its bill', 'Every heading and notice is in Spanish; numbers keep the US format'],
  ],
  'Rates and usage': [
    ['Tier boundaries', '1. Bill 10,000 gal and 10,001 gal on the tiered rate\n2. Read the tier of each', '10,000 gal is Tier 2; 10,001 gal is Tier 3'],
    ['Estimated read flag', '1. Bill an account with an estimated read\n2. Look at the usage line', 'An E shows beside the usage, with the note explaining it'],
    ['Usage graph months', '1. Print a bill of an account with two years of reads', 'The graph shows 13 months, the same month last year included'],
  ],
  Payments: [
    ['Auto-pay draft date', '1. Print a bill of an auto-pay account whose draft falls on a bank holiday', 'The draft date shown is the next business day'],
    ['Installment balance', '1. Print a bill of a payment plan account in its third installment', 'Installment 3 of N shows, with the balance left after it'],
  ],
};
/** The product area each demo SCR's QA item tests. */
const AREA_OF: Record<string, string> = {
  'Estimated read flag on the bill': 'Rates and usage',
  'Tiered water rates for 2027': 'Rates and usage',
  'Usage graph of 13 months': 'Rates and usage',
  'Payment plan installments on the bill': 'Payments',
  'Auto-pay draft date on the bill': 'Payments',
  'Bill message by rate class': 'Bill print',
};

/** Files on two SCRs (mock-ups the clients see too), drawn as small PNGs. */
const FILES: { scr: string; name: string; heading: string; lines: string[] }[] = [
  { scr: 'Disconnect notice in Spanish', name: 'aviso-de-desconexion-mockup.png', heading: 'Aviso de desconexión', lines: ['Cuenta 10-4471 · Saldo vencido $182.40', 'Fecha de corte: 15 de diciembre', 'Llame al 555-0142 para un plan de pago'] },
  { scr: 'Estimated read flag on the bill', name: 'estimated-read-mockup.png', heading: 'Usage this period', lines: ['Meter 88213    4,820 gal   E', 'E = estimated read (no access to the meter)', 'Your next read is on January 12'] },
];
/** The evidence of a failed QA run: what the tester saw. */
const EVIDENCE = {
  scr: 'Tiered water rates for 2027',
  name: 'tier-3-boundary.png',
  heading: 'QA: tier boundary at 10,000 gal',
  lines: ['10,000 gal billed at Tier 3 (expected Tier 2)', '10,001 gal billed at Tier 3 (correct)', 'Copy of bill 2027-01, account 30-1188'],
};

/** Stores the demo files through the upload store and records them on their SCR and QA run. */
async function seedFiles(client: PoolClient, store: UploadStore, staffId: number, testerId: number): Promise<void> {
  const scrOf = async (title: string) => (await client.query<{ id: number }>('SELECT id FROM software_change_requests WHERE title = $1 ORDER BY id LIMIT 1', [title])).rows[0]!.id;
  for (const f of FILES) {
    const stored = await storeSeedImage(store, await drawnImage(f.heading, f.lines));
    await client.query(
      `INSERT INTO scr_attachments (scr_id, staff_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, $2, $3, $4, $5, 'image/png', $6, $7, now() - interval '1 day')`,
      [await scrOf(f.scr), staffId, stored.key, stored.thumbnailKey, f.name, stored.sizeBytes, stored.sha256],
    );
  }
  const run = await client.query<{ item: number; run: number }>(
    `SELECT q.id AS item, r.id AS run FROM qa_runs r JOIN qa_items q ON q.id = r.qa_item_id WHERE q.scr_id = $1 AND r.result = 'fail' ORDER BY r.id DESC LIMIT 1`,
    [await scrOf(EVIDENCE.scr)],
  );
  if (!run.rows[0]) return;
  const stored = await storeSeedImage(store, await drawnImage(EVIDENCE.heading, EVIDENCE.lines, '#c2410c'));
  await client.query(
    `INSERT INTO qa_evidence (qa_item_id, qa_run_id, staff_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'image/png', $7, $8, now() - interval '3 days')`,
    [run.rows[0].item, run.rows[0].run, testerId, stored.key, stored.thumbnailKey, EVIDENCE.name, stored.sizeBytes, stored.sha256],
  );
}

/** Demo SCRs in every stage, and the QA runs (passes and failures) behind the QA queue's figures; their files when an upload store is given. */
export async function seedChanges(client: PoolClient, companyIds: number[], store?: UploadStore): Promise<void> {
  const staff = Object.fromEntries((await client.query<{ email: string; id: number }>('SELECT email, id FROM staff_users')).rows.map((r) => [r.email, r.id]));
  const owner = staff['agent@demo.test']!;
  const developer = staff['dana.dev@demo.test']!;
  const tester = staff['quinn.qa@demo.test']!;
  for (const [area, cases] of Object.entries(TEST_CASES)) {
    for (const [title, steps, expected] of cases) {
      await client.query(`INSERT INTO qa_test_cases (product_area, title, steps, expected_result, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now() - 60 * ${DAY}, now() - 60 * ${DAY})`, [
        area, title, steps, expected, tester,
      ]);
    }
  }
  await client.query(
    `INSERT INTO qa_test_cases (product_area, title, steps, expected_result, active, created_by, created_at, updated_at, retired_at, version)
     VALUES ('Bill print', 'Fax cover sheet', '1. Send a bill by fax', 'The cover sheet names the account', false, $1, now() - 90 * ${DAY}, now() - 12 * ${DAY}, now() - 12 * ${DAY}, 2)`,
    [tester],
  );
  for (const s of SPECS) {
    const companyId = companyIds[s.company % companyIds.length]!;
    const reviewed = s.status !== 'submitted';
    const estimated = s.risk !== undefined;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO software_change_requests (company_id, title, description, business_reason, priority, status, created_at, updated_at,
          owner_id, target_date, estimate_hours, implementation_plan, rollback_plan, risk_score, risk_inputs, release_note, rejection_reason, version)
       VALUES ($1, $2, $3, $4, $5, $6, now() - $7 * ${DAY}, now() - $8 * ${DAY}, $9, (now() + $10 * ${DAY})::date, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
      [
        companyId, s.title, s.description, s.reason, s.priority, s.status, s.age, Math.max(0, Math.floor(s.age / 6)),
        reviewed ? owner : null, reviewed && s.status !== 'rejected' && s.status !== 'released' ? 10 + s.age : null,
        estimated ? s.hours : null,
        estimated ? `Change the bill template and the ${s.title.toLowerCase()} logic; test on last cycle's bills.` : null,
        estimated ? 'Switch the template back and redeploy the previous release.' : null,
        s.risk ? riskScore(s.risk) : null, s.risk ? JSON.stringify(s.risk) : null,
        s.status === 'released' ? `${s.title} is live from this billing cycle.` : null,
        s.status === 'rejected' ? s.note : null,
        2 + PATH.indexOf(s.status) + 2 * (s.failures ?? 0),
      ],
    );
    const scrId = rows[0]!.id;
    if (s.emergency) await client.query('UPDATE software_change_requests SET emergency = true, emergency_justification = $2, needs_review = true WHERE id = $1', [scrId, s.emergency]);
    // The stages it went through, spread over its age; failed QA runs send it back to development.
    const stages: ScrStatus[] = s.status === 'rejected' ? ['submitted', 'under_review', 'rejected'] : PATH.slice(0, PATH.indexOf(s.status) + 1);
    const steps: { to: ScrStatus; action: string; note: string | null }[] = [];
    for (const to of stages) {
      if (to === 'approved' && s.emergency) steps.push({ to, action: 'emergency', note: s.emergency });
      else steps.push({ to, action: HISTORY_ACTIONS[to], note: to === 'rejected' ? s.note! : to === 'released' ? `${s.title} is live from this billing cycle.` : null });
      if (to === 'in_qa') {
        for (let f = 0; f < (s.failures ?? 0); f++) {
          steps.push({ to: 'in_development', action: 'qa_failed', note: s.note ?? null }, { to: 'in_qa', action: 'qa', note: null });
        }
      }
    }
    if (s.status === 'in_development' && s.failures) steps.push({ to: 'in_qa', action: 'qa', note: null }, { to: 'in_development', action: 'qa_failed', note: s.note ?? null });
    let from: ScrStatus | null = null;
    for (const [i, step] of steps.entries()) {
      const daysAgo = s.age - (s.age * i) / Math.max(1, steps.length);
      await client.query(
        `INSERT INTO scr_history (scr_id, from_status, to_status, action, staff_id, note, at) VALUES ($1, $2, $3, $4, $5, $6, now() - $7 * ${DAY})`,
        [scrId, from, step.to, step.action, i === 0 ? null : step.action.startsWith('qa_') ? tester : owner, step.note, daysAgo],
      );
      // Each time it entered QA it got an item; the runs end in a failure, or a pass once released.
      if (step.to === 'in_qa') {
        const next = steps[i + 1];
        const failed = next?.action === 'qa_failed';
        const passed = !failed && s.status === 'released';
        const status = failed ? 'failed' : passed ? 'passed' : s.status === 'in_qa' && s.priority === 'critical' ? 'testing' : 'waiting';
        const doneDaysAgo = next ? s.age - (s.age * (i + 1)) / steps.length : daysAgo - 1;
        const item = await client.query<{ id: number }>(
          `INSERT INTO qa_items (scr_id, title, priority, status, tester_id, created_at, taken_at, done_at, product_area)
           VALUES ($1, $2, $3, $4, $5, now() - $6 * ${DAY}, $7, $8, $9) RETURNING id`,
          [scrId, s.title, s.priority, status, status === 'waiting' ? null : tester, daysAgo, null, null, AREA_OF[s.title] ?? null],
        );
        if (status === 'waiting') continue;
        const itemId = item.rows[0]!.id;
        await client.query(
          `UPDATE qa_items SET taken_at = now() - $2 * ${DAY} + interval '2 hours', done_at = CASE WHEN status IN ('passed', 'failed') THEN now() - $3 * ${DAY} ELSE NULL END WHERE id = $1`,
          [itemId, daysAgo, doneDaysAgo],
        );
        const run = await client.query<{ id: number }>(
          `INSERT INTO qa_runs (qa_item_id, tester_id, result, notes, started_at, finished_at)
           VALUES ($1, $2, $3, $4, now() - $5::float8 * ${DAY} + interval '2 hours', now() - $6::float8 * ${DAY}) RETURNING id`,
          [itemId, tester, failed ? 'fail' : passed ? 'pass' : null, failed ? s.note : passed ? 'Checked on a copy of last cycle’s bills: all as asked.' : null, daysAgo, failed || passed ? doneDaysAgo : null],
        );
        // The run's cases: the active cases of the item's area. A pass passed them all; a failure
        // failed the first with the run's notes; a run under way has its first case recorded.
        const cases = await client.query<{ id: number; title: string }>('SELECT id, title FROM qa_test_cases WHERE product_area = $1 AND active ORDER BY id', [AREA_OF[s.title] ?? null]);
        for (const [k, c] of cases.rows.entries()) {
          const result = passed ? 'pass' : k === 0 ? (failed ? 'fail' : 'pass') : failed ? 'pass' : null;
          await client.query(
            `INSERT INTO qa_run_steps (run_id, test_case_id, title, added_at, result, note, recorded_by, recorded_at)
             VALUES ($1, $2, $3, now() - $4::float8 * ${DAY} + interval '2 hours', $5::text, $6, $7, CASE WHEN $5::text IS NULL THEN NULL ELSE now() - $4::float8 * ${DAY} + interval '3 hours' + $8 * interval '10 minutes' END)`,
            [run.rows[0]!.id, c.id, c.title, daysAgo, result, result === 'fail' ? s.note : null, result ? tester : null, k],
          );
        }
      }
      from = step.to;
    }
    for (const [j, [body, visible]] of (s.comments ?? []).entries()) {
      await client.query(`INSERT INTO scr_comments (scr_id, staff_id, body, client_visible, created_at) VALUES ($1, $2, $3, $4, now() - $5 * ${DAY})`, [
        scrId,
        j % 2 === 0 ? owner : developer,
        body,
        visible,
        Math.max(0, s.age / 2 - j),
      ]);
    }
  }
  await seedTemplates(client, companyIds, staff['manager@demo.test'] ?? owner, owner);
  if (store) await seedFiles(client, store, owner, tester);
}

/** Standard change templates a team keeps (one retired), and a change raised from a pre-approved one that passed the advisory step. */
const TEMPLATES = [
  {
    name: 'Rotate the TLS certificate',
    area: 'Hosting',
    title: 'Rotate the TLS certificate of the customer portal',
    description: 'Renew the customer portal’s certificate and install it before the current one expires.',
    plan: 'Request the new certificate, install it on both web nodes one at a time, reload, check the chain from outside.',
    rollback: 'Reinstall the previous certificate from the vault and reload both nodes.',
    risk: low,
    hours: 2,
    preApproved: true,
    retired: false,
  },
  {
    name: 'New rate table for a billing year',
    area: 'Billing',
    title: 'Load the new rate table',
    description: 'Load the rate table the council approved and use it from the first cycle of the year.',
    plan: 'Import the table into staging, bill last cycle’s accounts with it, compare with the council’s examples, then load it in production.',
    rollback: 'Switch the active table back to last year’s and rebill the affected accounts.',
    risk: medium,
    hours: 12,
    preApproved: false,
    retired: false,
  },
  {
    name: 'Bill message for the cycle',
    area: 'Billing',
    title: 'Set the bill message for the next cycle',
    description: 'The message printed on every bill of the next cycle.',
    plan: 'Enter the message in the bill template settings and print a sample bill.',
    rollback: 'Clear the message before the cycle prints.',
    risk: low,
    hours: 0.5,
    preApproved: true,
    retired: true,
  },
];

async function seedTemplates(client: PoolClient, companyIds: number[], managerId: number, owner: number): Promise<void> {
  for (const t of TEMPLATES) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO change_templates (name, product_area, title, description, implementation_plan, rollback_plan, risk_inputs, estimate_hours, pre_approved, retired_at, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN now() - 20 * ${DAY} END, $11, now() - 90 * ${DAY}, now() - 20 * ${DAY}) RETURNING id`,
      [t.name, t.area, t.title, t.description, t.plan, t.rollback, JSON.stringify(t.risk), t.hours, t.preApproved, t.retired, managerId],
    );
    if (t.name !== 'Rotate the TLS certificate') continue;
    const risk = { ...t.risk, ownerAway: false };
    const scr = await client.query<{ id: number }>(
      `INSERT INTO software_change_requests (company_id, title, description, priority, status, created_at, updated_at, owner_id, target_date, estimate_hours,
          implementation_plan, rollback_plan, risk_score, risk_inputs, template_id, version)
       VALUES ($1, $2, $3, 'medium', 'approved', now() - 4 * ${DAY}, now() - 3 * ${DAY}, $4, (now() + 6 * ${DAY})::date, $5, $6, $7, $8, $9, $10, 4) RETURNING id`,
      [companyIds[1 % companyIds.length], t.title, t.description, owner, t.hours, t.plan, t.rollback, riskScore(risk), JSON.stringify(risk), rows[0]!.id],
    );
    const steps: [ScrStatus | null, ScrStatus, string, string | null, number][] = [
      [null, 'submitted', 'submitted', null, 4],
      ['submitted', 'under_review', 'review', null, 3.5],
      ['under_review', 'approved', 'pre_approved', preApprovedNote(t.name), 3],
    ];
    for (const [from, to, action, note, daysAgo] of steps) {
      await client.query(`INSERT INTO scr_history (scr_id, from_status, to_status, action, staff_id, note, at) VALUES ($1, $2, $3, $4, $5, $6, now() - $7::float8 * ${DAY})`, [
        scr.rows[0]!.id,
        from,
        to,
        action,
        owner,
        note,
        daysAgo,
      ]);
    }
  }
}
