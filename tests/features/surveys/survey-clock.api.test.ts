/**
 * Surveys read the app's clock (`ctx.now`): the support survey is issued when its ticket closes by
 * that clock, an answer is received at it (so the latest by the clock is the one that counts), and
 * the results' date range and the link check read those times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyKeyStatus } from '@contracts/survey-form';
import type { SurveyResults } from '@contracts/surveys';
import type { TicketView } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('the survey clock on %s', (backend) => {
  let t: TestApp;
  let staff: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  /** Sets the server's clock; staff sign in afresh at that time. */
  const at = async (instant: string) => {
    t.ctx.now = () => new Date(instant);
    staff = await apiAs(t, 'manager', { fresh: true });
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await staff.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const answer = (ticket: string, Q1: number) =>
    t.app.inject({ method: 'POST', url: '/api/submitsurvey', payload: { type: 'TCS', ticket, Q1 }, remoteAddress: '10.7.0.1' });

  it('issues the survey when its ticket closes, receives each answer and counts the latest by the clock', async () => {
    const { rows } = await t.ctx.database.pool.query(
      `SELECT t.id FROM tickets t WHERE t.status <> 'C' AND t.contact_email IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM survey_keys k WHERE k.ticket_id = t.id) ORDER BY t.id LIMIT 1`,
    );
    const ticketId = rows[0].id as number;

    await at('2032-06-01T08:00:00Z');
    const closed = await staff.patch(`/api/v2/tickets/${ticketId}`, { status: 'C' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as TicketView).surveys.sent_at).toBe('2032-06-01T08:00:00Z');
    const key = (await sqlOf(t).one('SELECT key FROM survey_keys WHERE ticket_id = $1', [ticketId])).key as string;

    await at('2032-06-03T12:00:00Z');
    expect((await answer(key, 5)).statusCode).toBe(201);
    await at('2032-06-02T12:00:00Z');
    expect((await answer(key, 1)).statusCode).toBe(201);

    // The answer received latest by the clock counts, whatever order they were stored in.
    const check = await t.app.inject({ method: 'GET', url: `/api/survey-keys/${key}?type=TCS`, remoteAddress: '10.7.0.2' });
    expect(check.json() as SurveyKeyStatus).toEqual({ valid: true, answered: true, answeredAt: '2032-06-03T12:00:00Z' });
    const { surveys } = await get<TicketView>(`/api/v2/tickets/${ticketId}`);
    expect(surveys.responses.map((r) => [r.q1, r.received_at, r.counts])).toEqual([
      [5, '2032-06-03T12:00:00Z', true],
      [1, '2032-06-02T12:00:00Z', false],
    ]);
    const onTheDay = await get<SurveyResults>('/api/v2/surveys/results?type=TCS&from=2032-06-03&to=2032-06-03');
    expect(onTheDay.comments.rows.map((r) => [r.ticketId, r.q1])).toEqual([[ticketId, 5]]);
  });
});
