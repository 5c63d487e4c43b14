import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@contracts/common/constants';
import { deliverOutbox, queueEmail } from '@server/platform/mail/outbox';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('client portal data on %s', (backend) => {
  let t: TestApp;
  let acme: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    acme = await apiAs(t, 'acme');
  });
  afterAll(() => t?.close());

  it("lists only the caller's company tickets, paged with a bounded size", async () => {
    const res = await acme.get('/api/v2/client/tickets?pageSize=50&status=all');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    const { rows } = await t.ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM tickets WHERE company_id = (SELECT company_id FROM client_users WHERE email = 'client@acme.demo.test')`,
    );
    expect(page.total).toBe(rows[0].n);
    expect(page.items.length).toBeLessThanOrEqual(50);
    const tooBig = await acme.get(`/api/v2/client/tickets?pageSize=${LIMITS.pageSizeMax + 1}`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields).toHaveProperty('pageSize');
    expect((await acme.get('/api/v2/client/tickets?sort=password_hash')).json().error.fields).toHaveProperty('sort');
  });

  it('creates a portal ticket, unassigned, and shows the public thread without internal notes', async () => {
    const created = await acme.post('/api/v2/client/tickets', { title: 'Bills misprinted', description: 'Row 3 is shifted.', severity: 'H' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const { rows } = await t.ctx.database.pool.query('SELECT assignee_id, source, contact_email FROM tickets WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({ assignee_id: null, source: 'portal', contact_email: 'client@acme.demo.test' });

    await t.ctx.database.pool.query(
      `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal) VALUES
         ($1, (SELECT id FROM staff_users WHERE email = 'agent@demo.test'), 'We are on it.', false),
         ($1, (SELECT id FROM staff_users WHERE email = 'agent@demo.test'), 'SECRET internal note', true)`,
      [id],
    );
    expect((await acme.post(`/api/v2/client/tickets/${id}/replies`, { body: 'Thanks!' })).statusCode).toBe(201);
    const detail = await acme.get(`/api/v2/client/tickets/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('SECRET');
    expect(detail.json().notes.map((n: { body: string }) => n.body)).toEqual(['We are on it.', 'Thanks!']);
  });

  it('answers bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n;
    const res = await acme.post('/api/v2/client/tickets', { title: 'x'.repeat(LIMITS.title + 1), description: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['title', 'description']));
    const order = await acme.post('/api/v2/client/paper/orders', { productId: 999999, quantity: 1, shipTo: 'Here' });
    expect(order.json().error.fields).toHaveProperty('productId');
    expect((await acme.post('/api/v2/client/paper/orders', { productId: 1, quantity: 0, shipTo: 'Here' })).json().error.fields).toHaveProperty('quantity');
    expect((await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n).toBe(before);
  });

  it('orders paper from the paper catalog and lists the order with its status', async () => {
    const products = (await acme.get('/api/v2/client/paper/products')).json().items;
    expect(products.length).toBeGreaterThan(0);
    const res = await acme.post('/api/v2/client/paper/orders', { productId: products[0].id, quantity: 3, poNumber: 'PO-77', shipTo: '1 Main St' });
    expect(res.statusCode).toBe(201);
    const list = (await acme.get('/api/v2/client/paper/orders')).json();
    expect(list.items[0]).toMatchObject({ id: res.json().id, quantity: 3, po_number: 'PO-77', status: 'received' });
  });

  it('searches published articles by text and category, never drafts', async () => {
    const all = (await acme.get('/api/v2/client/articles')).json();
    expect(all.items.some((a: { title: string }) => a.title.startsWith('Draft'))).toBe(false);
    expect(all.categories).toContain('Billing');
    const billing = (await acme.get('/api/v2/client/articles?category=Billing')).json();
    expect(billing.items.every((a: { category: string }) => a.category === 'Billing')).toBe(true);
    const found = (await acme.get('/api/v2/client/articles?q=autopay')).json();
    expect(found.items.map((a: { title: string }) => a.title)).toEqual(['Fixing rejected autopay files']);
  });

  it('refuses an empty change request, an empty reply and an empty sign-up in the words the forms show, naming each field', async () => {
    const scr = await acme.post('/api/v2/client/scrs', { title: ' ', description: '', priority: 'urgent' });
    expect(scr.statusCode, scr.body).toBe(400);
    expect(scr.json().error.fields).toEqual({ title: 'Give your request a short title', description: 'Describe the change you need', priority: 'Pick a priority' });
    const [ticket] = (await acme.get('/api/v2/client/tickets')).json().items as { id: number }[];
    const reply = await acme.post(`/api/v2/client/tickets/${ticket!.id}/replies`, { body: '' });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error.fields).toEqual({ body: 'Write your reply' });
    const signup = await acme.post('/api/v2/client/signup', { accountNumber: ' ', name: '', email: 'pat@example.test', password: 'a long enough passphrase 42' });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(signup.json().error.fields).toEqual({ accountNumber: "Enter your company's account number", name: 'Tell us your name' });
  });

  it('files an SCR that the company sees as submitted, and contact support makes a ticket', async () => {
    const scr = await acme.post('/api/v2/client/scrs', { title: 'Late fee report', description: 'Monthly late fees by route.', priority: 'high' });
    expect(scr.statusCode).toBe(201);
    expect((await acme.get(`/api/v2/client/scrs/${scr.json().id}`)).json()).toMatchObject({ status: 'submitted', priority: 'high' });
    const msg = await acme.post('/api/v2/client/contact-support', { subject: 'Call me', message: 'About the invoice.' });
    expect((await acme.get(`/api/v2/client/tickets/${msg.json().id}`)).json()).toMatchObject({ title: 'Call me', description: 'About the invoice.' });
  });
});

describe('outbox delivery', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    // A tiny SMTP server that accepts everything and records the data.
    server = createServer((socket) => {
      socket.setEncoding('utf8');
      socket.write('220 test ready\r\n');
      let inData = false;
      let data = '';
      socket.on('data', (chunk: string) => {
        if (inData) {
          data += chunk;
          if (data.endsWith('\r\n.\r\n')) {
            inData = false;
            received.push(data);
            socket.write('250 queued\r\n');
          }
          return;
        }
        for (const line of chunk.split('\r\n').filter(Boolean)) {
          if (line.startsWith('EHLO')) socket.write('250-test\r\n250 OK\r\n');
          else if (line === 'DATA') {
            inData = true;
            data = '';
            socket.write('354 go\r\n');
          } else if (line === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('keeps mail only in the outbox without SMTP, and sends and marks it with SMTP', async () => {
    const t = await startTestApp('embedded', { seed: false });
    try {
      const pool = t.ctx.database.pool;
      const id = await queueEmail(pool, { to: 'someone@example.test', subject: 'Hello', body: 'Line one\n.starts with a dot', kind: 'test' });
      await deliverOutbox(pool, undefined, [id], 'no-reply@localhost');
      expect((await pool.query('SELECT sent_at FROM outbox WHERE id = $1', [id])).rows[0].sent_at).toBeNull();
      expect(received).toHaveLength(0);
      await deliverOutbox(pool, `smtp://127.0.0.1:${port}`, [id], 'no-reply@localhost');
      expect((await pool.query('SELECT sent_at, error FROM outbox WHERE id = $1', [id])).rows[0]).toMatchObject({ error: null, sent_at: expect.any(Date) });
      expect(received[0]).toContain('Subject: Hello');
      expect(received[0]).toContain('\r\n..starts with a dot');
    } finally {
      await t.close();
    }
  });
});
