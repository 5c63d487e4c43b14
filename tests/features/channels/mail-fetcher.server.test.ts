import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { mailFetcherMachine } from '@server/features/mail-in/fetcher.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = { id: 'mail-fetcher', machine: mailFetcherMachine, description: 'Reads one IMAP mailbox (server).' };
const settings = { pollMs: 1000, backoffBaseMs: 100, backoffMaxMs: 350 };

describeMachinePaths(entry, {
  events: [{ type: 'fetcher.check' }, { type: 'fetcher.stop' }, { type: 'mail.arrived' }, { type: 'mail.lost', reason: 'closed' }],
  inputs: { default: () => settings },
  outputs: { connect: [{ idle: true }, { idle: false }], fetchNew: [{ processed: 2 }] },
  errors: { connect: [new Error('Authentication failed')], fetchNew: [new Error('Connection reset')] },
  // The errors in a row grow without end; paths tell states apart by whether there were any.
  serializeState: (s) => JSON.stringify([s.value, (s.context as { idle: boolean }).idle, (s.context as { attempts: number }).attempts > 0]),
  check: (snapshot) => {
    const c = snapshot.context as { attempts: number; lastError: string | null };
    if (snapshot.matches('backoff')) expect(c.attempts).toBeGreaterThan(0);
    if (snapshot.matches('idle') || snapshot.matches('polling')) expect(c.attempts).toBe(0);
  },
});

describe('the mail fetcher over time', () => {
  it('backs off longer after each error in a row, up to the cap, and reads again once connected', async () => {
    vi.useFakeTimers();
    try {
      const connects: number[] = [];
      let fail = 3;
      const machine = mailFetcherMachine.provide({
        actors: {
          connect: fromPromise<{ idle: boolean }>(async () => {
            connects.push(Date.now());
            if (fail-- > 0) throw new Error('refused');
            return { idle: false };
          }),
          fetchNew: fromPromise(async () => ({ processed: 1 })),
          waitForMail: fromCallback(() => () => {}),
        },
      });
      const actor = createActor(machine, { input: settings }).start();
      await vi.advanceTimersByTimeAsync(2000);
      // Waits of 100, 200, then 350 (capped) ms between the tries.
      expect(connects.slice(1).map((at, i) => at - connects[i]!)).toEqual([100, 200, 350]);
      expect(actor.getSnapshot().value).toBe('polling');
      const processed = actor.getSnapshot().context.processed;
      await vi.advanceTimersByTimeAsync(settings.pollMs);
      expect(actor.getSnapshot().context.processed).toBe(processed + 1);
      actor.send({ type: 'fetcher.stop' });
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});
