/** What admins keep for the forms: the company values of kudos and the dated expense rates (docs/adr/0229, 0230). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import type { StoredExpensePayload } from '@contracts/expenses';
import type { Kudo } from '@contracts/forms';
import type { AdminExpenseRate, KudoValue } from '@contracts/forms-admin';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('forms administration on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let admin: Api;
  let agent: Api;
  let manager: Api;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    admin = await apiAs(t, 'admin');
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    for (const r of await sql.rows<{ id: number; email: string }>('SELECT id, email FROM staff_users')) id[r.email.split('@')[0]!] = r.id;
  });
  afterAll(() => t?.close());

  const values = async () => ((await admin.get('/api/v2/forms/kudos/values/all')).json() as { items: KudoValue[] }).items;
  const offered = async () => (await agent.get('/api/v2/forms/kudos/values')).json() as string[];
  const valueId = async (name: string) => (await values()).find((v) => v.name === name)!.id;
  const kudo = (as: Api, toId: number, value: string) =>
    as.post('/api/v2/approvals/requests', { formType: 'kudo', payload: { toId, message: 'Thank you for taking the late call with Acme this week.', value } });

  it('adds, renames, reorders and retires company values; the kudo form offers the active ones in order', async () => {
    expect(await offered()).toEqual(['Customer first', 'Own it', 'Better together', 'Keep learning', 'Do the right thing']);
    const dup = await admin.post('/api/v2/forms/kudos/values', { name: 'customer FIRST' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ name: 'A value named Customer first exists already' });
    const added = await admin.post('/api/v2/forms/kudos/values', { name: '  Speak up ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Speak up', active: true, kudos: 0 });
    expect((await offered()).at(-1)).toBe('Speak up');
    expect((await admin.post('/api/v2/forms/kudos/values', { name: '' })).json().error.fields).toEqual({ name: 'Name the value' });

    // A kudo sent, then its value renamed: the kudo follows the rename.
    const ownIt = (await values()).find((v) => v.name === 'Own it')!.kudos;
    expect((await kudo(manager, id['dana.dev']!, 'Own it')).statusCode).toBe(201);
    const renamed = await admin.patch(`/api/v2/forms/kudos/values/${await valueId('Own it')}`, { name: 'Own the outcome' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Own the outcome', active: true, kudos: ownIt + 1 });
    const received = (await agent.get(`/api/v2/forms/kudos/received/${id['dana.dev']}`)).json() as Kudo[];
    expect(received[0]!.value).toBe('Own the outcome');
    expect((await admin.patch(`/api/v2/forms/kudos/values/${await valueId('Speak up')}`, { name: 'Keep Learning' })).statusCode).toBe(409);

    // Retired: kept on its kudos and in the list, no longer offered nor accepted.
    const together = (await values()).find((v) => v.name === 'Better together')!.kudos;
    expect((await kudo(agent, id['dana.dev']!, 'Better together')).statusCode).toBe(201);
    const retired = await admin.patch(`/api/v2/forms/kudos/values/${await valueId('Better together')}`, { active: false });
    expect(retired.json()).toMatchObject({ name: 'Better together', active: false, kudos: together + 1 });
    expect(await offered()).not.toContain('Better together');
    expect((await values()).map((v) => v.name)).toContain('Better together');
    const refused = await kudo(agent, id.manager!, 'Better together');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ value: 'Choose one of the company values' });
    expect(((await agent.get(`/api/v2/forms/kudos/received/${id['dana.dev']}`)).json() as Kudo[])[0]!.value).toBe('Better together');

    // Reordered: the whole list, by id; a list that misses a value changed since it was read.
    const ids = (await values()).map((v) => v.id);
    const order = await admin.put('/api/v2/forms/kudos/values/order', { ids: [...ids].reverse() });
    expect(order.statusCode, order.body).toBe(200);
    expect(await offered()).toEqual(['Speak up', 'Do the right thing', 'Keep learning', 'Own the outcome', 'Customer first']);
    const stale = await admin.put('/api/v2/forms/kudos/values/order', { ids: ids.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('The values changed since you read them; reload and order them again');
  });

  it('keeps at least one value active: retiring the last one is refused, naming it', async () => {
    const active = (await values()).filter((v) => v.active);
    for (const v of active.slice(1)) expect((await admin.patch(`/api/v2/forms/kudos/values/${v.id}`, { active: false })).statusCode).toBe(200);
    const last = await admin.patch(`/api/v2/forms/kudos/values/${active[0]!.id}`, { active: false });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.fields).toEqual({ active: `Keep at least one active value: ${active[0]!.name} is the last one` });
    expect(await offered()).toEqual([active[0]!.name]);
    for (const v of active.slice(1)) expect((await admin.patch(`/api/v2/forms/kudos/values/${v.id}`, { active: true })).statusCode).toBe(200);
    expect((await admin.patch('/api/v2/forms/kudos/values/999999', { active: false })).statusCode).toBe(404);
  });

  const rates = async () => ((await admin.get('/api/v2/forms/expenses/rates/all')).json() as { items: AdminExpenseRate[] }).items;
  const claim = (as: Api, days: string[]) =>
    as.post('/api/v2/approvals/requests', {
      formType: 'expense',
      payload: {
        purpose: 'Acme rollout',
        destination: 'Berlin',
        startDate: days[0],
        endDate: days.at(-1),
        lines: days.map((date) => ({ kind: 'meals', date, merchant: 'Brasserie', amountCents: 5000, currency: 'EUR' })),
      },
    });
  const pricedLines = (res: { json(): unknown }) => ((res.json() as RequestView).payload as unknown as StoredExpensePayload).lines.map((l) => [l.date, l.rateDay, l.rateMicros, l.homeCents]);

  it('adds a rate in force from a day: a line on or after that day is priced with it, a line before and lines already sent keep theirs', async () => {
    const before = (await rates()).filter((r) => r.kind === 'fx' && r.code === 'EUR' && r.validFrom <= '2031-05-31').sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0]!;
    const added = await admin.post('/api/v2/forms/expenses/rates', { kind: 'fx', code: 'EUR', validFrom: '2031-06-01', rateMicros: 1_200_000 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'fx', code: 'EUR', validFrom: '2031-06-01', rateMicros: 1_200_000, usedBy: 0 });

    const sent = await claim(agent, ['2031-05-31', '2031-06-01']);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(pricedLines(sent)).toEqual([
      ['2031-05-31', before.validFrom, before.rateMicros, Math.round((5000 * before.rateMicros) / 1_000_000)],
      ['2031-06-01', '2031-06-01', 1_200_000, 6000],
    ]);
    expect((await rates()).find((r) => r.id === added.json().id)).toMatchObject({ usedBy: 1 });

    // Used by a sent line: never changed in place; a newer rate instead, and the sent claim keeps its price.
    const change = await admin.patch(`/api/v2/forms/expenses/rates/${added.json().id}`, { rateMicros: 1_250_000 });
    expect(change.statusCode).toBe(409);
    const message = `The EUR rate from 2031-06-01 priced claim #${sent.json().id}; add a newer rate instead of changing it`;
    expect(change.json().error).toMatchObject({ message, fields: { rateMicros: message } });
    expect((await admin.post('/api/v2/forms/expenses/rates', { kind: 'fx', code: 'EUR', validFrom: '2031-06-02', rateMicros: 1_300_000 })).statusCode).toBe(201);
    expect(pricedLines(await agent.get(`/api/v2/approvals/requests/${sent.json().id}`))[1]).toEqual(['2031-06-01', '2031-06-01', 1_200_000, 6000]);
    expect(pricedLines(await claim(agent, ['2031-06-02']))).toEqual([['2031-06-02', '2031-06-02', 1_300_000, 6500]]);
  });

  it('corrects a rate no line used; refuses a duplicate day, a bad currency and a rate that is not positive, writing nothing', async () => {
    const count = await sql.count('expense_rates');
    const unused = await admin.post('/api/v2/forms/expenses/rates', { kind: 'mileage', code: 'mile', validFrom: '2031-07-01', rateMicros: 700_000 });
    expect(unused.statusCode, unused.body).toBe(201);
    const fixed = await admin.patch(`/api/v2/forms/expenses/rates/${unused.json().id}`, { rateMicros: 725_000 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ validFrom: '2031-07-01', rateMicros: 725_000, usedBy: 0 });

    const dup = await admin.post('/api/v2/forms/expenses/rates', { kind: 'mileage', code: 'mile', validFrom: '2031-07-01', rateMicros: 690_000 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ validFrom: 'The mileage rate from 2031-07-01 exists already; correct it or pick another day' });
    const badCode = await admin.post('/api/v2/forms/expenses/rates', { kind: 'fx', code: 'XYZ', validFrom: '2031-07-01', rateMicros: 1_000_000 });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields).toEqual({ code: 'Choose one of EUR, GBP, CAD, CHF, JPY' });
    const zero = await admin.post('/api/v2/forms/expenses/rates', { kind: 'fx', code: 'GBP', validFrom: '2031-07-01', rateMicros: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toEqual({ rateMicros: 'Enter a rate above zero' });
    expect((await admin.patch(`/api/v2/forms/expenses/rates/${unused.json().id}`, { rateMicros: -5 })).json().error.fields).toEqual({ rateMicros: 'Enter a rate above zero' });
    expect(await sql.count('expense_rates')).toBe(count + 1);
    expect(await sql.count(`audit_log WHERE entity = 'expense_rate' AND entity_id = ${unused.json().id}`)).toBe(2);
  });
});
