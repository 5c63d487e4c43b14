import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { KUDOS_PER_DAY, type Kudo } from '@contracts/forms';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('kudos on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    for (const r of await sql.rows<{ id: number; email: string }>('SELECT id, email FROM staff_users')) id[r.email.split('@')[0]!] = r.id;
  });
  afterAll(() => t?.close());

  const kudo = (as: Api, payload: object) => as.post('/api/v2/approvals/requests', { formType: 'kudo', payload });
  const good = (toId: number) => ({ toId, message: 'You stayed late to get Acme’s meters reading again. Thank you!', value: 'Customer first' });

  it('publishes a kudo at once, tells the recipient and their manager, and shows it among recent kudos', async () => {
    const res = await kudo(manager, good(id['quinn.qa']!));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RequestView)).toMatchObject({ state: 'applied', formType: 'kudo', title: 'Kudo: Customer first' });
    expect((res.json() as RequestView).history.map((h) => h.action)).toEqual(['submitted', 'applied']);
    expect(await sql.count(`outbox WHERE to_address = 'quinn.qa@demo.test' AND subject = 'Morgan Manager sent you a kudo'`)).toBe(1);
    // Quinn's manager is the sender: told once, as the sender, not twice.
    expect(await sql.count(`outbox WHERE to_address = 'manager@demo.test' AND kind = 'kudo'`)).toBe(0);

    const toAgent = await kudo(manager, { ...good(id.agent!), value: 'Own it' });
    expect(toAgent.statusCode).toBe(201);
    const viaAdmin = await kudo(agent, { ...good(id['dana.dev']!), value: 'Better together' });
    expect(viaAdmin.statusCode).toBe(201);
    expect(await sql.count(`outbox WHERE to_address = 'admin@demo.test' AND subject = 'Dana Developer received a kudo'`)).toBe(1);

    const recent = (await agent.get(`/api/v2/forms/kudos/recent?person=${id['quinn.qa']}`)).json() as Kudo[];
    expect(recent[0]).toMatchObject({ from: 'Morgan Manager', to: 'Quinn Tester', value: 'Customer first' });
    const all = (await agent.get('/api/v2/forms/kudos/recent')).json() as Kudo[];
    expect(all.map((k) => k.to).slice(0, 3)).toEqual(['Dana Developer', 'Avery Agent', 'Quinn Tester']);
  });

  it('refuses a kudo to yourself, a short message, an unknown value, and more than the daily few, writing nothing', async () => {
    const before = { requests: await sql.count('approval_requests'), kudos: await sql.count('kudos'), mails: await sql.count('outbox') };
    const self = await kudo(agent, good(id.agent!));
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ toId: 'Kudos are for colleagues, not for yourself' });
    const short = await kudo(agent, { ...good(id.manager!), message: 'Thanks!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('message');
    const value = await kudo(agent, { ...good(id.manager!), value: 'Synergy' });
    expect(value.statusCode).toBe(400);
    expect(value.json().error.fields).toEqual({ value: 'Choose one of the company values' });
    expect({ requests: await sql.count('approval_requests'), kudos: await sql.count('kudos'), mails: await sql.count('outbox') }).toEqual(before);

    const sender = await apiAs(t, 'admin');
    for (let i = 0; i < KUDOS_PER_DAY; i++) expect((await kudo(sender, good(id.agent!))).statusCode).toBe(201);
    const count = await sql.count('kudos');
    const over = await kudo(sender, good(id.agent!));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(`You have sent ${KUDOS_PER_DAY} kudos in the last 24 hours; send the next one tomorrow`);
    expect(await sql.count('kudos')).toBe(count);
  });

  it("lists the kudos a person received on their profile, newest first, to any colleague", async () => {
    const dana = id['dana.dev']!;
    const before = ((await agent.get(`/api/v2/forms/kudos/received/${dana}`)).json() as Kudo[]).length;
    expect((await kudo(manager, { toId: dana, message: 'Older: thank you for the migration runbook.', value: 'Own it' })).statusCode).toBe(201);
    expect((await kudo(agent, { toId: dana, message: 'Newer: thanks for covering my on-call night.', value: 'Better together' })).statusCode).toBe(201);
    const res = await agent.get(`/api/v2/forms/kudos/received/${dana}`);
    expect(res.statusCode, res.body).toBe(200);
    const received = res.json() as Kudo[];
    expect(received).toHaveLength(before + 2);
    expect(received.every((k) => k.to === 'Dana Developer')).toBe(true);
    const mine = received.filter((k) => k.message.startsWith('Older') || k.message.startsWith('Newer'));
    expect(mine.map((k) => [k.from, k.value])).toEqual([['Avery Agent', 'Better together'], ['Morgan Manager', 'Own it']]);
    expect(received.map((k) => k.createdAt)).toEqual([...received.map((k) => k.createdAt)].sort().reverse());
    expect((await agent.get('/api/v2/forms/kudos/received/abc')).json().error.fields).toHaveProperty('person');
  });

  it('pages a person\'s received kudos: the next page starts after the last kudo shown', async () => {
    const quinn = id['quinn.qa']!;
    const all = (await agent.get(`/api/v2/forms/kudos/received/${quinn}`)).json() as Kudo[];
    expect(all.length).toBeGreaterThan(1);
    const next = await agent.get(`/api/v2/forms/kudos/received/${quinn}?before=${all[0]!.id}`);
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json() as Kudo[]).map((k) => k.id)).toEqual(all.slice(1).map((k) => k.id));
    expect(((await agent.get(`/api/v2/forms/kudos/received/${quinn}?before=${all.at(-1)!.id}`)).json() as Kudo[])).toEqual([]);
    expect((await agent.get(`/api/v2/forms/kudos/received/${quinn}?before=x`)).json().error.fields).toHaveProperty('before');
  });
});
