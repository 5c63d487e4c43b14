/**
 * The readers of the enabled channels, run inside the app process (one per channel), started when
 * the app is ready and stopped when it closes: an IMAP mailbox through the fetcher statechart, an
 * SMTP listener through smtp-server. Both hand each raw message to `receiveMail`, which files it
 * once however often it arrives; a message that cannot be filed is stored for review, and an
 * error of the mailbox (a lost connection, a refused sign-in) only makes the reader back off.
 */
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { MAIL_LIMITS } from '@contracts/mail-channels';
import type { FastifyBaseLogger } from 'fastify';
import { mailFetcherMachine } from './fetcher.machine';
import { listChannels, recordChannelState, type ChannelRow } from './mail-in.repo';
import { receiveMail, type MailDeps } from './mail-in.commands';
import { openSecret } from './secret';

export type ReaderSettings = { pollMs: number; backoffBaseMs: number; backoffMaxMs: number };

export const READER_DEFAULTS: ReaderSettings = { pollMs: MAIL_LIMITS.pollSeconds * 1000, backoffBaseMs: 2000, backoffMaxMs: MAIL_LIMITS.backoffMaxSeconds * 1000 };

type Reader = { stop(): Promise<void>; check(): void; state(): string };

/** Reads one IMAP mailbox. */
function imapReader(deps: MailDeps, channel: ChannelRow, secretKey: string | undefined, settings: ReaderSettings, log: FastifyBaseLogger): Reader {
  let client: ImapFlow | null = null;
  // Mail that arrives while a read is under way is read in the same turn.
  let arrivedMeanwhile = false;
  const close = async () => {
    const c = client;
    client = null;
    if (c) await c.logout().catch(() => c.close());
  };
  const machine = mailFetcherMachine.provide({
    actors: {
      connect: fromPromise(async () => {
        await close();
        if (!channel.imapPassword) throw new Error('No password is stored for this mailbox');
        if (!secretKey) throw new Error('MAIL_SECRET_KEY is not set, so the stored password cannot be read');
        const c = new ImapFlow({
          host: channel.imapHost!,
          port: channel.imapPort!,
          secure: channel.imapTls,
          auth: { user: channel.imapUser!, pass: openSecret(secretKey, channel.imapPassword) },
          logger: false,
          emitLogs: false,
        });
        c.on('error', (error: Error) => log.warn({ err: error, channel: channel.id }, 'mailbox connection error'));
        c.on('exists', () => {
          arrivedMeanwhile = true;
        });
        await c.connect();
        await c.mailboxOpen(channel.imapFolder);
        client = c;
        return { idle: c.capabilities.has('IDLE') };
      }),
      fetchNew: fromPromise(async () => {
        const c = client;
        if (!c) throw new Error('Not connected');
        let processed = 0;
        do {
        arrivedMeanwhile = false;
        const uids = (await c.search({ seen: false }, { uid: true })) || [];
        for (const uid of uids) {
          const meta = await c.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
          if (!meta) continue;
          const size = meta.size ?? 0;
          // A message past what is kept arrives cut; it is stored (marked cut) for review.
          const whole = size <= MAIL_LIMITS.storeBytes;
          const message = await c.fetchOne(String(uid), { uid: true, source: whole ? true : { start: 0, maxLength: MAIL_LIMITS.storeBytes } }, { uid: true });
          const raw = message ? message.source : undefined;
          if (!raw) continue;
          await receiveMail(deps, channel, raw, Math.max(size, raw.length));
          await c.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          processed++;
        }
        } while (arrivedMeanwhile);
        return { processed };
      }),
      waitForMail: fromCallback(({ sendBack }) => {
        const c = client;
        if (!c) {
          sendBack({ type: 'mail.lost', reason: 'Not connected' });
          return () => {};
        }
        const arrived = () => sendBack({ type: 'mail.arrived' });
        const lost = () => sendBack({ type: 'mail.lost', reason: 'The mailbox closed the connection' });
        c.on('exists', arrived);
        c.on('close', lost);
        // IDLE now (not after the client's own inactivity delay): the server tells of new mail at once.
        c.idle().catch(() => {});
        return () => {
          c.off('exists', arrived);
          c.off('close', lost);
        };
      }),
    },
  });
  const actor: Actor<typeof machine> = createActor(machine, { input: settings });
  let last = '';
  actor.subscribe((snapshot) => {
    const state = String(snapshot.value);
    if (state === last) return;
    last = state;
    recordChannelState(deps.pool, channel.id, state, snapshot.context.lastError, deps.now()).catch((error: unknown) => log.warn({ err: error }, 'mail channel state not recorded'));
  });
  actor.start();
  return {
    check: () => actor.send({ type: 'fetcher.check' }),
    state: () => String(actor.getSnapshot().value),
    async stop() {
      actor.send({ type: 'fetcher.stop' });
      actor.stop();
      await close();
      await recordChannelState(deps.pool, channel.id, 'stopped', null, deps.now()).catch(() => {});
    },
  };
}

/** Listens for mail forwarded or routed to the product, on the configured address and port, size-limited. */
async function smtpReader(deps: MailDeps, channel: ChannelRow, log: FastifyBaseLogger): Promise<Reader> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: channel.maxBytes,
    banner: 'Client Care mail in',
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAIL_LIMITS.storeBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          const error = Object.assign(new Error(`Message larger than ${channel.maxBytes} bytes`), { responseCode: 552 });
          callback(error);
          return;
        }
        receiveMail(deps, channel, Buffer.concat(chunks), size).then(
          () => callback(),
          (error: unknown) => {
            log.error({ err: error, channel: channel.id }, 'mail not filed');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error: Error) => log.warn({ err: error, channel: channel.id }, 'mail listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(channel.listenPort!, channel.listenHost!, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  await recordChannelState(deps.pool, channel.id, 'listening', null, deps.now());
  return {
    check: () => {},
    state: () => 'listening',
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await recordChannelState(deps.pool, channel.id, 'stopped', null, deps.now()).catch(() => {});
    },
  };
}

/** The readers of one app process, by channel. */
export class MailReaders {
  private readonly readers = new Map<number, Reader>();
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: MailDeps,
    private readonly secretKey: string | undefined,
    private readonly log: FastifyBaseLogger,
    readonly settings: ReaderSettings = READER_DEFAULTS,
  ) {}

  /**
   * Starts a reader for every enabled channel. When the channels cannot be read (the database is
   * not answering yet), the app still starts: the failure is logged and the readers start later.
   */
  async startAll(): Promise<void> {
    clearTimeout(this.retry);
    try {
      for (const channel of await listChannels(this.deps.pool)) await this.restart(channel);
    } catch (error) {
      if (this.closed) return;
      this.log.error({ err: error }, 'mail channels could not be read; the readers start later');
      this.retry = setTimeout(() => void this.startAll(), this.settings.backoffMaxMs);
      this.retry.unref();
    }
  }

  /** (Re)starts the reader of a channel after a change; a disabled channel's reader stops. */
  async restart(channel: ChannelRow): Promise<void> {
    await this.readers.get(channel.id)?.stop();
    this.readers.delete(channel.id);
    if (this.closed || !channel.enabled) return;
    try {
      const reader = channel.kind === 'imap' ? imapReader(this.deps, channel, this.secretKey, this.settings, this.log) : await smtpReader(this.deps, channel, this.log);
      this.readers.set(channel.id, reader);
    } catch (error) {
      await recordChannelState(this.deps.pool, channel.id, 'error', String((error as Error).message ?? error), this.deps.now());
    }
  }

  check(channelId: number): void {
    this.readers.get(channelId)?.check();
  }

  stateOf(channelId: number): string | null {
    return this.readers.get(channelId)?.state() ?? null;
  }

  async stopAll(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await Promise.all([...this.readers.values()].map((r) => r.stop()));
    this.readers.clear();
  }
}
