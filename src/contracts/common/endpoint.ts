/**
 * One definition per endpoint of the API (docs/adr/0105-typed-endpoints.md): method, path, who may
 * call it, and the schemas of its path parameters, query, body and answer. The server registers
 * its routes from these definitions (validation and answer serialisation come from the schemas),
 * the browser calls them typed with `call(endpoint, input)`, the authorization matrix enumerates
 * them, and the OpenAPI document at /api/openapi.json is generated from them.
 */
import type { z } from 'zod';
import type { Role } from './constants';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who calls an endpoint: anyone (sign-in, signup, password links, survey answers, public forms),
 * a staff user (optionally only some roles), or a client user (scoped to their company).
 */
export type Audience = 'public' | 'staff' | 'client';

/** What an endpoint answers besides JSON: a file or a page, described by its media type. */
export type MediaType = 'text/event-stream' | 'text/csv' | 'application/pdf' | 'text/html' | 'text/css' | 'text/calendar' | 'text/plain' | 'application/octet-stream';

type Schema = z.ZodType;

/**
 * An upload endpoint's own rules, narrower than the product's (src/contracts/common/uploads.ts):
 * the types it takes (judged from the bytes), the most a file may hold, how many files at once,
 * and what a refusal of another type tells the person to do.
 */
export type UploadPolicy = {
  types: readonly string[];
  fileBytes: number;
  files: number;
  accepts: string;
  /** An image's thumbnail as a square of this side (cropped to its centre) instead of the product's box. */
  squareThumbnailPx?: number;
};

export type EndpointDefinition = {
  method: Method;
  /** The path as the server routes it, parameters as `:name` (`/api/v2/tickets/:id`). */
  path: string;
  audience: Audience;
  /** Staff endpoints that need one of these roles (403 otherwise). */
  roles?: readonly Role[];
  /** One line for the API reference. */
  summary: string;
  /** The group of the API reference (the feature). */
  tag: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The status of a successful answer: 200 unless said (201 for creations). */
  status?: 200 | 201 | 202 | 204;
  /** The JSON of a successful answer; absent when the endpoint answers a file (`produces`) or nothing (204). */
  response?: Schema;
  /** A file or page instead of JSON. */
  produces?: MediaType;
  /** Creations that accept an `Idempotency-Key` header and answer a retry with the first answer. */
  idempotent?: boolean;
  /**
   * Takes files too: the body may come as multipart/form-data, its JSON in the `payload` part and
   * each file in a `files` part (src/contracts/common/uploads.ts, docs/adr/0116). A policy instead
   * of `true` narrows the types, size and count the endpoint takes.
   */
  upload?: boolean | UploadPolicy;
};

/** Keeps the literal types of a definition (so `call` and the handlers are typed from it). */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type InputOf<S> = S extends Schema ? z.input<S> : never;
type OutputOf<S> = S extends Schema ? z.output<S> : never;
type Part<K extends string, S> = [S] extends [undefined] ? unknown : undefined extends S ? { [P in K]?: InputOf<S> } : { [P in K]: InputOf<S> };

/** What the browser passes to call an endpoint: its path parameters, query and body, as the schemas take them. */
export type EndpointInput<E extends EndpointDefinition> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']> &
  (E['upload'] extends true | UploadPolicy ? { files?: readonly File[] } : unknown);

/** What the browser gets back: the JSON answer as its schema says, a file as a Blob, else nothing. */
export type EndpointResult<E extends EndpointDefinition> = E['response'] extends Schema ? z.output<E['response']> : E['produces'] extends MediaType ? Blob : void;

/** What a server handler gets: the parsed path parameters, query and body. */
export type EndpointRequestParts<E extends EndpointDefinition> = {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
};

/** What a server handler answers (JSON endpoints): checked against the response schema as it is serialised. */
export type EndpointAnswer<E extends EndpointDefinition> = E['response'] extends Schema ? z.output<E['response']> : unknown;

/** "GET /api/v2/tickets/:id": how logs, the route list and the matrix name an endpoint. */
export const endpointKey = (e: Pick<EndpointDefinition, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** The path with its parameters filled in (each one URL-encoded). */
export function endpointPath(e: Pick<EndpointDefinition, 'path'>, params: Record<string, unknown> | undefined): string {
  return e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${e.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
