/**
 * Territory names are unique without regard to case: a duplicate answers 409 naming the field,
 * also when several people save one name at the same moment (never 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('territory names on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    manager = await apiAs(t, 'manager');
  });
  afterAll(() => t?.close());

  const save = (method: 'POST' | 'PUT', url: string, name: string) => manager.request(method, url, { name, ownerId: null });

  it('answers a name that exists 409 naming the field, whatever its case', async () => {
    expect((await save('POST', '/api/v2/sales/territories', 'Highlands')).statusCode).toBe(201);
    const again = await save('POST', '/api/v2/sales/territories', 'HIGHLANDS');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: 'A territory with this name exists' });
    expect(await sql.count(`sales_territories WHERE lower(name) = 'highlands'`)).toBe(1);
  });

  it('creates a territory once when five people create one name at the same moment, answering the others 409', async () => {
    const names = ['Coastal', 'coastal', 'COASTAL', 'Coastal', 'coastaL'];
    const answers = await Promise.all(names.map((name) => save('POST', '/api/v2/sales/territories', name)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.fields).toEqual({ name: 'A territory with this name exists' });
    expect(await sql.count(`sales_territories WHERE lower(name) = 'coastal'`)).toBe(1);

    // Two territories renamed to one name at the same moment: one wins.
    const made = await Promise.all(['Inland A', 'Inland B'].map((name) => save('POST', '/api/v2/sales/territories', name)));
    const renames = await Promise.all(made.map((m) => save('PUT', `/api/v2/sales/territories/${m.json().id}`, 'Inland')));
    expect(renames.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await sql.count(`sales_territories WHERE lower(name) = 'inland'`)).toBe(1);
  });
});
