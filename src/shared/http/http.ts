import axios, { AxiosError, type AxiosInstance } from 'axios';
import { STORAGE_KEYS } from '@contracts/common/constants';
import type { ErrorCode } from '@contracts/common/errors';
import { UPLOAD_PARTS } from '@contracts/common/upload-parts';
import { endpointPath, type EndpointDefinition, type EndpointInput, type EndpointResult } from '@contracts/common/endpoint';
import { browserStorage, type StorageAreas } from '@/shared/storage';

/** What every service call throws: the HTTP status (0 when no answer came), code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as { error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> } } | undefined;
    if (error.response) {
      return new ApiError(
        error.response.status,
        body?.error?.code ?? 'internal',
        body?.error?.message ?? `The server answered ${error.response.status}`,
        body?.error?.fields,
      );
    }
    return new ApiError(0, 'network', 'The server could not be reached; check the connection and try again');
  }
  return new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
}

/**
 * The bearer credential of section 7: the per-tab session token, else the stored token.
 * A stored token is copied back to the tab when the tab has none.
 */
export function currentToken(areas: StorageAreas): string | null {
  const tabToken = areas.session.getItem(STORAGE_KEYS.token);
  if (tabToken) {
    if (areas.persistent.getItem(STORAGE_KEYS.token) !== tabToken) areas.persistent.setItem(STORAGE_KEYS.token, tabToken);
    return tabToken;
  }
  const stored = areas.persistent.getItem(STORAGE_KEYS.token);
  if (stored) areas.session.setItem(STORAGE_KEYS.token, stored);
  return stored;
}

/** One axios instance for the portal's own API (same origin), with the bearer rule applied. */
export function createHttp(areas: () => StorageAreas): AxiosInstance {
  const http = axios.create({ headers: { Accept: 'application/json' } });
  http.interceptors.request.use((config) => {
    // The per-tab (or stored) token wins over a default header, so a new sign-in is never masked.
    const token = currentToken(areas());
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
  return http;
}

/**
 * Sets the token as the default bearer credential of an instance (spec 2.5: "on allowed staff
 * navigation, the stored token is set as the bearer credential"; 7: the hand-over does the same).
 */
export function setDefaultBearer(instance: AxiosInstance, token: string | null): void {
  if (token) instance.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete instance.defaults.headers.common.Authorization;
}

/** The query string of a staff list call (search, filters, sort, page). */
export type QueryParams = Record<string, string>;

/** The portal's HTTP client: same origin, bearer from storage. */
export const http = createHttp(browserStorage);

/** The body of an answer: `dataOf(http.get<T>(url))`. */
export const dataOf = async <T>(answer: Promise<{ data: T }>): Promise<T> => (await answer).data;

/** What a call may add to its input: a signal that aborts it (a search typed over, a cancelled run). */
export type CallOptions = { signal?: AbortSignal };

/** The input of a call: optional when the endpoint takes nothing required. */
type CallArgs<E extends EndpointDefinition> = object extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions];

/** Calls an endpoint of the API by its definition: the path, query and body typed from its schemas, the answer typed too. */
export type Call = <E extends EndpointDefinition>(endpoint: E, ...args: CallArgs<E>) => Promise<EndpointResult<E>>;

/** An upload (docs/adr/0116): the JSON body as the `payload` part, each file as a `files` part. */
function uploadForm(body: unknown, files: readonly File[]): FormData {
  const form = new FormData();
  form.append(UPLOAD_PARTS.payload, JSON.stringify(body ?? {}));
  for (const file of files) form.append(UPLOAD_PARTS.files, file, file.name);
  return form;
}

/** A typed caller over an HTTP client (the staff portal's or the client portal's). A file answer comes back as a Blob. */
export function caller(instance: AxiosInstance): Call {
  return async (endpoint, ...args) => {
    const input = (args[0] ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; files?: readonly File[] };
    const signal = args[1]?.signal;
    const { data } = await instance.request({
      method: endpoint.method,
      url: endpointPath(endpoint, input.params),
      ...(input.query ? { params: input.query } : {}),
      ...(input.files?.length ? { data: uploadForm(input.body, input.files) } : input.body !== undefined ? { data: input.body } : {}),
      ...(endpoint.produces ? { responseType: 'blob' as const } : {}),
      ...(signal ? { signal } : {}),
    });
    return data;
  };
}

/** Calls the portal's own API with the staff portal's bearer rule. */
export const call = caller(http);
