/** GET /api/survey-keys/{key}: the survey page asks it on open, before showing the form. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_CHECK_PER_ADDRESS } from '@contracts/common/constants';
import type { SurveyKeyStatus } from '@contracts/survey-form';
import { inTransaction } from '@server/platform/db/database';
import { queueClientCareSurveys, queueSupportSurvey } from '@server/features/surveys/keys';
import { clientCareRecipients } from '@server/features/surveys/surveys.repo';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('survey key check on %s', (backend) => {
  let t: TestApp;
  let supportKey: string;
  let clientCareKey: string;

  const check = (key: string, type: string | null, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/survey-keys/${encodeURIComponent(key)}${type === null ? '' : `?type=${type}`}`,
      remoteAddress: ip,
    });
  const status = async (key: string, type: string): Promise<SurveyKeyStatus> => {
    const res = await check(key, type);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const responses = () => sqlOf(t).count('survey_responses');

  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    const ticket = (await pool.query(`SELECT id FROM tickets WHERE status = 'C' AND contact_email IS NOT NULL ORDER BY id LIMIT 1`)).rows[0].id;
    supportKey = (await inTransaction(pool, (c) => queueSupportSurvey(c, ticket, t.config, { resend: true })))!.key;
    const company = (await pool.query(`SELECT id FROM companies WHERE account_number = 'ACME-001'`)).rows[0].id;
    clientCareKey = (await inTransaction(pool, async (c) => queueClientCareSurveys(c, company, (await clientCareRecipients(c, company)).map((r) => r.id), t.config)))[0]!.key;
  });
  afterAll(() => t?.close());

  it('answers valid and not answered for a fresh key of its own type, and is never cached', async () => {
    const res = await check(supportKey, 'TCS');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ valid: true, answered: false, answeredAt: null });
    expect(await status(clientCareKey, 'CSS')).toEqual({ valid: true, answered: false, answeredAt: null });
  });

  it('answers not valid for a key of the other survey type, an unknown key and a malformed one, changing nothing', async () => {
    const before = await responses();
    const invalid = { valid: false, answered: false, answeredAt: null };
    expect(await status(supportKey, 'CSS')).toEqual(invalid);
    expect(await status(clientCareKey, 'TCS')).toEqual(invalid);
    expect(await status('A'.repeat(32), 'TCS')).toEqual(invalid);
    expect(await status('not a key!', 'TCS')).toEqual(invalid);
    expect(await status('x'.repeat(65), 'CSS')).toEqual(invalid);
    expect(await responses()).toBe(before);
  });

  it('answers 400 naming the field for a missing or unknown type, and for text PostgreSQL cannot hold', async () => {
    for (const type of [null, 'XYZ', 'css']) {
      const res = await check(supportKey, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('type');
    }
    const nul = await check('key\u0000', 'TCS');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toHaveProperty('key');
  });

  it('says when a key was last answered once an answer is stored, and a second answer moves the time on', async () => {
    const submit = (Q1: number) =>
      t.app.inject({ method: 'POST', url: '/api/submitsurvey', payload: { type: 'TCS', ticket: supportKey, Q1 }, remoteAddress: '10.1.0.2' });
    expect((await submit(4)).statusCode).toBe(201);
    const first = await status(supportKey, 'TCS');
    expect(first.valid).toBe(true);
    expect(first.answered).toBe(true);
    expect(first.answeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // The answer's own time, from the database.
    const stored = (await t.ctx.database.pool.query(
      `SELECT to_char(max(received_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
         FROM survey_responses r JOIN survey_keys k ON k.id = r.survey_key_id WHERE k.key = $1`,
      [supportKey],
    )).rows[0].at;
    expect(first.answeredAt).toBe(stored);
    await t.ctx.database.pool.query(
      `UPDATE survey_responses SET received_at = received_at - interval '2 days' WHERE survey_key_id = (SELECT id FROM survey_keys WHERE key = $1)`,
      [supportKey],
    );
    const moved = await status(supportKey, 'TCS');
    expect(Date.parse(first.answeredAt!) - Date.parse(moved.answeredAt!)).toBe(2 * 86_400_000);
    expect((await submit(2)).statusCode).toBe(201);
    const second = await status(supportKey, 'TCS');
    expect(Date.parse(second.answeredAt!)).toBeGreaterThanOrEqual(Date.parse(first.answeredAt!));
    // The client care key of the same respondent set is still unanswered.
    expect((await status(clientCareKey, 'CSS')).answered).toBe(false);
  });

  it('limits checks per address with 429 and Retry-After, on a count of its own', async () => {
    const ip = '10.1.9.9';
    for (let i = 0; i < SURVEY_CHECK_PER_ADDRESS; i++) expect((await check('unknown-key', 'TCS', ip)).statusCode).toBe(200);
    const limited = await check(supportKey, 'TCS', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Saving from that address is not limited by the checks.
    const saved = await t.app.inject({ method: 'POST', url: '/api/submitsurvey', payload: { type: 'TCS', ticket: supportKey, Q1: 3 }, remoteAddress: ip });
    expect(saved.statusCode).toBe(201);
    // Another address still checks.
    expect((await check(supportKey, 'TCS', '10.1.9.10')).statusCode).toBe(200);
  });
});
