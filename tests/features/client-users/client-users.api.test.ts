import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, settle, startTestApp, type TestApp } from '@tests/support/test-app';

/** The one time format of every answer (`iso` in server/platform/sql.ts): UTC to the second. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe.each(BACKENDS)('client users for staff on %s', (backend) => {
  let t: TestApp;
  let staff: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = await apiAs(t, 'agent');
  });
  afterAll(() => t?.close());

  it("answers a client user's times in the one format of every answer, the same in the invitation, the directory and the company's page", async () => {
    const email = `iso.times.${backend}@acme.example.com`;
    const invited = await staff.post('/api/v2/client-users', { company_id: 1, name: 'Iso Times', email });
    expect(invited.statusCode, invited.body).toBe(201);
    const user = invited.json() as { id: number; created_at: string; last_invited_at: string | null };
    expect(user.created_at).toMatch(ISO_TIME);
    expect(user.last_invited_at).toMatch(ISO_TIME);

    const listed = await staff.get(`/api/v2/client-users?q=${encodeURIComponent(email)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows).toEqual([expect.objectContaining({ id: user.id, created_at: user.created_at, last_invited_at: user.last_invited_at })]);

    const company = await staff.get('/api/v2/companies/1');
    expect(company.statusCode, company.body).toBe(200);
    const onPage = (company.json().client_users as { id: number; created_at: string; last_invited_at: string | null }[]).find((u) => u.id === user.id);
    expect(onPage).toMatchObject({ created_at: user.created_at, last_invited_at: user.last_invited_at });
    await settle(t);
  });
});
