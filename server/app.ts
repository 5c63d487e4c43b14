import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { LIMITS } from '@contracts/common/constants';
import { ERROR_CODES, type ApiErrorBody } from '@contracts/common/errors';
import { isPublicPagePath, PUBLIC_ENTRY } from '@contracts/common/public-pages';
import type { AppContext } from './context';
import { registerIdempotency } from './platform/idempotency';
import { registerUploads } from './platform/uploads';
import { databaseErrorAnswer } from './platform/http/database-errors';
import { isStorageFull, storageFull } from './platform/ops/storage';
import { ApiError } from './platform/http/errors';
import { REDACTED, redactUrl } from './platform/http/redact';
import { clientPortal } from './features/client-portal';
import { clientUsers } from './features/client-users';
import { companies } from './features/companies';
import { search } from './features/search';
import { mailIn } from './features/mail-in';
import { assistant } from './features/assistant';
import { management } from './features/management';
import { notifications } from './features/notifications';
import { outbox } from './features/outbox';
import { people } from './features/people';
import { reports } from './features/reports';
import { overdue } from './features/overdue';
import { quotes } from './features/quotes';
import { sales } from './features/sales';
import { projects } from './features/projects';
import { signIn } from './features/sign-in';
import { isSurveyPath, SURVEY_ENTRY, surveyPage, surveys } from './features/surveys';
import { tickets } from './features/tickets';
import { time } from './features/time';
import { approvals } from './features/approvals';
import { forms } from './features/forms';
import { changes } from './features/changes';
import { quality } from './features/quality';
import { liveDisplays } from './features/live-displays';
import { publicRoutes, type Feature } from './platform/http/plugins';
import { route, zodSerializerCompiler, zodValidatorCompiler } from './platform/http/endpoints';
import { openApiRoutes, registerOpenApi } from './platform/http/openapi';
import { registerReports } from './platform/reports';
import { registerHealth } from './platform/ops/health';
import { registerMetrics } from './platform/ops/metrics';
import { HEALTH } from '@contracts/api-reference';
import type { EndpointDefinition } from '@contracts/common/endpoint';

export const SECURITY_HEADERS = {
  // img-src adds blob: for attachments' images and thumbnails, fetched with the session and shown from object URLs (docs/adr/0144).
  'content-security-policy': "default-src 'self'; img-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** Paths the API owns: an unknown one answers 404 JSON instead of the SPA. */
const API_PREFIXES = ['/api/', '/logout'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));

/** Every feature of the API, one line each; each registers its routes with its audience's guard. */
const FEATURES: readonly Feature[] = [signIn, tickets, companies, clientUsers, clientPortal, surveys, overdue, management, outbox, reports, time, quotes, projects, sales, notifications, search, approvals, forms, people, mailIn, assistant, quality, changes, liveDisplays];

const ROUTES = new WeakMap<FastifyInstance, { key: string; endpoint: EndpointDefinition | undefined }[]>();

/** Every API route of an app as "METHOD /path" (for the authorization matrix). */
export function listApiRoutes(app: FastifyInstance): string[] {
  return (ROUTES.get(app) ?? []).map((r) => r.key);
}

/** Routes registered without an endpoint definition (there must be none). */
export function listEndpointlessRoutes(app: FastifyInstance): string[] {
  return (ROUTES.get(app) ?? []).filter((r) => !r.endpoint).map((r) => r.key);
}

/** The endpoint definitions of an app's routes, by "METHOD /path". */
export function listEndpoints(app: FastifyInstance): Map<string, EndpointDefinition> {
  return new Map((ROUTES.get(app) ?? []).flatMap((r) => (r.endpoint ? [[r.key, r.endpoint] as const] : [])));
}

/**
 * One log line per request, when the answer went out: method, URL (secrets redacted), status and
 * time; not Fastify's "incoming request" and "request completed" pair.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from config.staticDir (when it exists). */
  serveStatic?: boolean;
};

/**
 * The server's pino options: request URLs are logged with their secrets (password-link tokens,
 * survey keys) redacted, and credentials never appear in a logged object.
 */
export function defaultLogger(level: string): FastifyServerOptions['logger'] & object {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token', 'password', 'token'],
      censor: REDACTED,
    },
  };
}

/** Builds the HTTP app (API + SPA) without listening, so tests can use `inject` or listen themselves. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? defaultLogger(ctx.config.logLevel),
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    forceCloseConnections: 'idle',
    // Errors before routing (broken percent-encoding, an overlong path parameter) answer in our
    // shape too, with the headers every answer carries.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has a broken %-encoding' : 'The address is not valid';
      const body: ApiErrorBody = { error: { code: ERROR_CODES.invalidInput, message, fields: { url: message } } };
      (reply as FastifyReply).headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).status(status).send(body);
    },
  });

  // Responses over 1 KiB travel gzip-compressed when the browser accepts it (phones on slow
  // networks open the survey page).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  app.addHook('onSend', async (request, reply) => {
    // A stored file answers with a stricter policy of its own (server/platform/uploads/serve.ts).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (name !== 'content-security-policy' || !reply.hasHeader(name)) reply.header(name, value);
    // API answers carry tokens and personal data: no browser or proxy cache may keep them. An answer
    // that chose a private (browser-only) policy keeps it when it succeeded: a versioned avatar (docs/adr/0241).
    const own = reply.getHeader('cache-control');
    if (isApiPath(request.url.split('?')[0] ?? '') && !(reply.statusCode === 200 && typeof own === 'string' && own.startsWith('private'))) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(error.toBody());
    }
    // The disk full (503 naming it; remembered for /readyz and the metrics).
    if (isStorageFull(error)) {
      ctx.storage.noteFull(error, ctx.now());
      request.log.error({ err: error }, 'storage full: a write failed for want of disk space');
      const full = storageFull();
      return reply.headers(full.headers ?? {}).status(full.status).send(full.toBody());
    }
    // The database down or timed out (503 with Retry-After), or a race no handler answered (409).
    const answer = databaseErrorAnswer(error);
    if (answer) {
      request.log.warn({ err: error }, answer.status === 503 ? 'database unavailable' : 'database conflict');
      if (answer.headers) reply.headers(answer.headers);
      return reply.status(answer.status).send(answer.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({
        error: { code: ERROR_CODES.payloadTooLarge, message: `Request body is larger than ${LIMITS.bodyBytes} bytes` },
      });
    }
    if (status === 415) {
      return reply.status(415).send({
        error: { code: ERROR_CODES.unsupportedMediaType, message: 'Send the request body as application/json' },
      });
    }
    if (status >= 400 && status < 500) {
      const message = error.code?.startsWith('FST_ERR_CTP') ? 'Request body is not valid JSON' : error.message;
      return reply.status(status).send({ error: { code: ERROR_CODES.invalidInput, message, fields: { body: message } } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong on our side' } });
  });

  // Work queued after replies finishes before the app (and then the database) closes.
  app.addHook('onClose', async () => {
    await ctx.background.idle();
  });

  const routes: { key: string; endpoint: EndpointDefinition | undefined }[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) if (method !== 'HEAD' && isApiPath(r.url)) routes.push({ key: `${method} ${r.url}`, endpoint: r.config?.endpoint });
  });
  // Every route is registered from its endpoint definition: its zod schemas validate the request
  // and serialise the answer, and the OpenAPI document is collected from them.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  await registerOpenApi(app);
  // Healthy means the database answers too; otherwise the error handler answers 503.
  await publicRoutes(app, ctx, (scope) =>
    route(scope, HEALTH, async () => {
      await ctx.database.pool.query('SELECT 1');
      return { status: 'ok' as const, database: ctx.database.kind };
    }),
  );
  // For load balancers and Prometheus, outside /api (docs/deploy.md).
  registerHealth(app, ctx);
  registerMetrics(app, ctx);
  // Files arrive through one path (docs/adr/0116): the store's folders, the multipart parser.
  await registerUploads(app, ctx.uploads, ctx.jobs);
  // Idempotent creates keep their keys for a while; a job deletes them afterwards.
  await registerIdempotency(app, ctx);
  // Each feature's reports join the one catalog (docs/adr/0110-reports-plug-in-through-features.md).
  registerReports(FEATURES.flatMap((feature) => feature.reports ?? []));
  for (const feature of FEATURES) await feature.register(app, ctx);
  await openApiRoutes(app, ctx);

  const indexHtml = join(ctx.config.staticDir, 'index.html');
  const serveSpa = (options.serveStatic ?? true) && existsSync(indexHtml);
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: ctx.config.staticDir,
      wildcard: false,
      index: false,
      // survey.html is answered filled in (the support phone) by the not-found handler below.
      allowedPath: (path) => path !== `/${SURVEY_ENTRY}`,
      setHeaders(res, path) {
        if (path.includes(`${join(ctx.config.staticDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (serveSpa && request.method === 'GET' && !isApiPath(path)) {
      const entry = entryFor(path);
      if (entry === SURVEY_ENTRY && existsSync(join(ctx.config.staticDir, SURVEY_ENTRY))) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(surveyPage(ctx.config));
      }
      // The portal mounts the public pages too: a build without the light entry still answers them.
      const file = entry === PUBLIC_ENTRY && !existsSync(join(ctx.config.staticDir, PUBLIC_ENTRY)) ? 'index.html' : entry;
      return reply.header('cache-control', 'no-cache').sendFile(file);
    }
    return reply
      .status(404)
      .send({ error: { code: ERROR_CODES.notFound, message: `No route ${request.method} ${path}` } });
  });

  return app;
}

/** The HTML entry for a browser path (history fallback). */
export function entryFor(path: string): string {
  if (isSurveyPath(path)) return SURVEY_ENTRY;
  // The six public pages have their own light entry (docs/adr/0146-public-pages-entry.md).
  return isPublicPagePath(path) ? PUBLIC_ENTRY : 'index.html';
}
