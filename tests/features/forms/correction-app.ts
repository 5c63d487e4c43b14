/**
 * The app the Correction API tests share, one per backend and test file: the agent and their
 * manager signed in, and the agent's week of 2026-03-09 approved, so only a correction changes it.
 */
import { afterAll, beforeAll } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { startTestApp, type Backend, type TestApp } from '@tests/support/test-app';

export type CorrectionApp = { t: TestApp; sql: Sql; agent: Api; manager: Api; agentId: number; managerId: number };

/** Starts the app before the describe block's tests and closes it after them; its fields are set once they start. */
export function correctionApp(backend: Backend): CorrectionApp {
  const app = {} as CorrectionApp;
  beforeAll(async () => {
    app.t = await startTestApp(backend, { jobs: 'manual' });
    app.sql = sqlOf(app.t);
    app.agent = await apiAs(app.t, 'agent');
    app.manager = await apiAs(app.t, 'manager');
    const idOf = async (email: string) => (await app.sql.one<{ id: number }>(`SELECT id FROM staff_users WHERE email = $1`, [email])).id;
    app.agentId = await idOf('agent@demo.test');
    app.managerId = await idOf('manager@demo.test');
    // The week of 2026-03-09 is approved: only a correction changes it now.
    await app.sql.rows(
      `INSERT INTO timesheet_weeks (staff_user_id, week_start, status) VALUES ($1, '2026-03-09', 'approved') ON CONFLICT (staff_user_id, week_start) DO UPDATE SET status = 'approved'`,
      [app.agentId],
    );
  });
  afterAll(() => app.t?.close());
  return app;
}
