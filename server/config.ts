import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RESPONSE_TARGET_HOURS } from '../src/contracts/common/constants.ts';
import { ASSISTANT } from '../src/contracts/assistant.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An address, a CIDR range or a named range proxy-addr knows (what Fastify's trustProxy takes). */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** An address or a CIDR range (no named ranges). */
function isCidr(value: string): boolean {
  return !['loopback', 'linklocal', 'uniquelocal'].includes(value) && isProxyAddress(value);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where uploaded files are kept (default: DATA_DIR/uploads). */
  UPLOAD_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as http://localhost:3000').optional(),
  LEARNING_CENTER_URL: z.url('must be an absolute URL').default('https://learn.example.com/'),
  SUPPORT_PHONE: z.string().min(1).default('1-800-555-0199'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Seconds before the first new try of a failed send (default MAIL_RETRY.delaySeconds; each later wait doubles). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
  /** Encrypts the passwords of mail channels (IMAP mailboxes): at least 32 characters, kept secret. */
  MAIL_SECRET_KEY: z.string().min(32, 'must be at least 32 characters (for example: openssl rand -base64 32)').optional(),
  /** An OpenAI-compatible endpoint (…/v1) that may phrase the assistant's answers; without it the answers are extractive. */
  ASSISTANT_LLM_URL: z.url('must be an absolute URL such as http://127.0.0.1:8080/v1').optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).max(200).default('default'),
  ASSISTANT_LLM_KEY: z.string().min(1).max(500).optional(),
  /** How long the model may take in all before the extractive answer stands (default ASSISTANT.llmTimeoutMs). */
  ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  /** How often an open event stream checks again that its caller is still signed in and allowed (ms; docs/adr/0249). */
  STREAM_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(300_000).default(5_000),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().min(1).default('./dist'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).optional(),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  DB_EXPORT_CONNECTIONS: z.coerce.number().int().min(1).max(499).optional(),
  DB_EXPORT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).optional(),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v === 'true' || v === 'false' || v.split(',').every((part) => isProxyAddress(part.trim())),
      'must be false, true, or a comma-separated list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal',
    )
    .optional(),
  /** Who may read /metrics: comma-separated addresses or CIDR ranges (default: nobody by address). */
  METRICS_ALLOW: z
    .string()
    .refine((v) => v.split(',').every((part) => isCidr(part.trim())), 'must be a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8')
    .optional(),
  /** A bearer token that may read /metrics from any address (at least 16 characters). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(500).optional(),
  /** On SIGTERM, how long readiness answers 503 while requests are still served, before the server stops taking them. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  TICKET_RESPONSE_TARGET_HOURS: z
    .string()
    .regex(/^\s*[CHML]=\d{1,4}(\s*,\s*[CHML]=\d{1,4})*\s*$/, 'must look like C=4,H=8,M=24,L=72')
    .optional(),
});

/** Database pool and timeouts when the environment does not set them. */
export const DB_DEFAULTS = {
  poolSize: 10,
  statementTimeoutMs: 15_000,
  acquireTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 30_000,
  /** Connections exports (CSV) may hold at once; the rest of the pool stays for other requests. */
  exportConnections: 3,
  /** How long an export past that cap waits for a slot before answering 503. */
  exportWaitMs: 2_000,
} as const;

/**
 * What the ticket search keeps of the planner's estimates (docs/adr/0255): an estimate changes
 * only when the table's statistics do, so the same filters reuse theirs for `keptMs`; at most
 * `most` are kept per database, the oldest dropped first.
 */
export const SEARCH_ESTIMATES = { keptMs: 60_000, most: 2_000 } as const;

/**
 * Graceful stop (SIGTERM): readiness answers 503 for `delayMs` while requests are still served,
 * so a load balancer checking it takes the server out first (0 without one); then open event
 * streams end with a reconnect hint of `streamRetryMs`, in-flight requests finish, and after
 * `forceAfterMs` the process exits regardless.
 */
export const DRAIN_DEFAULTS = { delayMs: 0, streamRetryMs: 1_000, forceAfterMs: 15_000 } as const;

/** The Retry-After of an export refused because the export cap stayed full. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export type DbSettings = {
  poolSize: number;
  statementTimeoutMs: number;
  acquireTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  exportConnections: number;
  exportWaitMs: number;
};

/**
 * The render workers that draw PDFs and server-side charts (server/platform/pdf/pool.ts,
 * docs/adr/0101): one per core but one, at least one; jobs waiting beyond the queue bound
 * answer 503 with Retry-After; a job running longer than the timeout ends its worker.
 */
export const RENDER_DEFAULTS = {
  workers: Math.max(1, availableParallelism() - 1),
  queueMax: 8,
  timeoutMs: 60_000,
  retryAfterSeconds: 5,
} as const;

/** `workers: 0` renders on the HTTP thread: only for comparisons (npm run bench:pdf-pool). */
export type RenderSettings = { workers: number; queueMax: number; timeoutMs: number };

/**
 * A transaction that fails on a serialization failure or a deadlock runs again: this many times
 * in all, waiting a random 50–150 % of the base delay, doubled at each try.
 */
export const TRANSACTION_RETRY = { attempts: 4, baseDelayMs: 20 } as const;

/**
 * Idempotency keys of creates (docs/adr/0103) are kept at least this long, then deleted by a job
 * running on this schedule (cron, UTC).
 */
export const IDEMPOTENCY_RETENTION = { hours: 24, sweepCron: '23 * * * *' } as const;

/**
 * A send the SMTP server refused or could not take is tried again by a job (docs/adr/0204): after
 * `delaySeconds`, each wait doubling (with jitter), `limit` more times; then the mail is given up.
 * 30 s doubling ten times covers an outage of about eight hours.
 */
export const MAIL_RETRY = { limit: 10, delaySeconds: 30, sendTimeoutSeconds: 60 } as const;

/**
 * scrypt's work factor N for new password hashes (QUALITY.md: 2^17, ~290 ms of CPU each). A hash
 * carries its own N, r and p, so verifying follows whatever a stored hash says. Only the test run
 * may choose a cheaper N, through `TEST_PASSWORD_SCRYPT_N` (a power of two from 2 to 2^17), and
 * only with NODE_ENV=test: `npm start`, development and production always hash with 2^17
 * (docs/adr/0252).
 */
export const PASSWORD_SCRYPT = { N: 2 ** 17, testEnvName: 'TEST_PASSWORD_SCRYPT_N' } as const;

/** The work factor new password hashes use in this environment (see PASSWORD_SCRYPT). */
export function passwordScryptN(env: Record<string, string | undefined> = process.env): number {
  const asked = env[PASSWORD_SCRYPT.testEnvName];
  if (env.NODE_ENV !== 'test' || asked === undefined || asked === '') return PASSWORD_SCRYPT.N;
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 2 || n > PASSWORD_SCRYPT.N || (n & (n - 1)) !== 0) {
    throw new ConfigError([`${PASSWORD_SCRYPT.testEnvName}: must be a power of two from 2 to ${PASSWORD_SCRYPT.N}`]);
  }
  return n;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files (attachments): `tmp/` while they arrive, `files/` once stored (docs/adr/0116). */
  uploadDir: string;
  databaseUrl: string | undefined;
  /** Pool size and the timeouts that keep any request from waiting forever on the database. */
  db: DbSettings;
  /** PDF and chart render workers. */
  render: RenderSettings;
  publicUrl: string;
  learningCenterUrl: string;
  supportPhone: string;
  smtpUrl: string | undefined;
  /** Seconds before a failed send is first tried again (MAIL_RETRY). */
  mailRetryDelaySeconds: number;
  /** The key mail channels' passwords are encrypted with (absent: no IMAP password can be stored). */
  mailSecretKey: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** An open event stream ends at most this long after its session ended or its caller lost the right to it. */
  streamSessionCheckMs: number;
  /** Seed demo data into an empty database: on by default, off in production unless asked. */
  seedDemo: boolean;
  logLevel: string;
  staticDir: string;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): none (the default), the given
   * addresses or CIDR ranges, or any (true: only when nothing but the proxy reaches the server).
   * The sign-in limits count addresses, so behind a proxy this must be set.
   */
  trustProxy: boolean | string[];
  /** Who may read /metrics: addresses and CIDR ranges, and a bearer token (docs/deploy.md). */
  metrics: { allow: string[]; token: string | undefined };
  /** On SIGTERM: readiness answers 503 this long while requests are still served, then the server drains. */
  drainDelayMs: number;
  /** Hours from creation to the default due date of a new ticket, per severity. */
  responseTargetHours: Record<keyof typeof DEFAULT_RESPONSE_TARGET_HOURS, number>;
  /** scrypt's work factor for new password hashes: 2^17 everywhere but a test run (PASSWORD_SCRYPT). */
  passwordScryptN: number;
  /** The optional model that phrases the assistant's answers (none: extractive answers only). */
  assistantLlm: { url: string; model: string; key: string | undefined; timeoutMs: number } | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const poolSize = e.DB_POOL_SIZE ?? DB_DEFAULTS.poolSize;
  if (e.DB_EXPORT_CONNECTIONS !== undefined && poolSize > 1 && e.DB_EXPORT_CONNECTIONS >= poolSize) {
    throw new ConfigError([`DB_EXPORT_CONNECTIONS: must be smaller than DB_POOL_SIZE (${poolSize}), so that other requests keep connections while exports run`]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    uploadDir: resolve(e.UPLOAD_DIR ?? join(e.DATA_DIR, 'uploads')),
    databaseUrl: e.DATABASE_URL,
    db: {
      poolSize,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS ?? DB_DEFAULTS.statementTimeoutMs,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS ?? DB_DEFAULTS.acquireTimeoutMs,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DB_DEFAULTS.idleInTransactionTimeoutMs,
      // Below the pool's size (a pool of one has nothing to keep back).
      exportConnections: e.DB_EXPORT_CONNECTIONS ?? Math.max(1, Math.min(DB_DEFAULTS.exportConnections, poolSize - 1)),
      exportWaitMs: e.DB_EXPORT_WAIT_MS ?? DB_DEFAULTS.exportWaitMs,
    },
    render: {
      workers: e.RENDER_WORKERS ?? RENDER_DEFAULTS.workers,
      queueMax: e.RENDER_QUEUE_MAX ?? RENDER_DEFAULTS.queueMax,
      timeoutMs: e.RENDER_TIMEOUT_MS ?? RENDER_DEFAULTS.timeoutMs,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    learningCenterUrl: e.LEARNING_CENTER_URL,
    supportPhone: e.SUPPORT_PHONE,
    smtpUrl: e.SMTP_URL,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS ?? MAIL_RETRY.delaySeconds,
    mailSecretKey: e.MAIL_SECRET_KEY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    streamSessionCheckMs: e.STREAM_SESSION_CHECK_MS,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics: { allow: (e.METRICS_ALLOW ?? '').split(',').map((a) => a.trim()).filter(Boolean), token: e.METRICS_TOKEN },
    drainDelayMs: e.DRAIN_DELAY_MS ?? DRAIN_DEFAULTS.delayMs,
    responseTargetHours: parseResponseTargets(e.TICKET_RESPONSE_TARGET_HOURS),
    passwordScryptN: passwordScryptN(cleaned),
    assistantLlm: e.ASSISTANT_LLM_URL ? { url: e.ASSISTANT_LLM_URL.replace(/\/$/, ''), model: e.ASSISTANT_LLM_MODEL, key: e.ASSISTANT_LLM_KEY, timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS ?? ASSISTANT.llmTimeoutMs } : undefined,
  };
}

/** TRUST_PROXY as Fastify's trustProxy option. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((a) => a.trim());
}

/** "C=4,H=8" over the defaults: severities not named keep their default target. */
function parseResponseTargets(value: string | undefined): Config['responseTargetHours'] {
  const targets: Config['responseTargetHours'] = { ...DEFAULT_RESPONSE_TARGET_HOURS };
  for (const part of (value ?? '').split(',').filter((p) => p.trim())) {
    const [key, hours] = part.split('=').map((s) => s.trim()) as [keyof typeof targets, string];
    targets[key] = Number(hours);
  }
  return targets;
}

/** The configuration, or an exit with status 2 and the list of what is wrong (and `hint`). */
export function loadConfigOrExit(hint = ''): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${hint}`);
      process.exit(2);
    }
    throw error;
  }
}
