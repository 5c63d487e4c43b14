/**
 * The public pages' stand-in for axios (docs/adr/0148-public-pages-native-forms.md): the part of
 * axios that src/shared/http/http.ts and client-http.ts use, over fetch, so the six public pages
 * do not carry axios (about 13 KB gzip) within their 60 KB. The light build of vite.config.ts
 * resolves `axios` to this file; the portal keeps axios. tests/shared/http/fetch-client.test.ts
 * sends the same requests through both and expects the same answers and errors.
 *
 * What it covers: `create({ headers })`, `defaults.headers.common`, request interceptors that set
 * headers with `config.headers.set`, response interceptors in order, `request` with method, url,
 * params (query), data (JSON, or FormData as is), `responseType: 'blob'` and `signal`; an answer
 * outside 2xx rejects with an AxiosError carrying `response.status` and `response.data`, no answer
 * (a network failure, an abort) with an AxiosError without `response`.
 */
type Headers = Record<string, string>;
type Config = {
  method?: string;
  url?: string;
  params?: Record<string, unknown>;
  data?: unknown;
  responseType?: 'blob' | 'json';
  signal?: AbortSignal;
  headers: Headers & { set(name: string, value: string): void };
};
type Answer = { data: unknown; status: number; headers: Headers; config: Config };
type Rejected = ((error: unknown) => unknown) | undefined;

export class AxiosError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly config?: Config,
    readonly request?: unknown,
    readonly response?: Answer,
  ) {
    super(message);
    this.name = 'AxiosError';
  }
  get status(): number | undefined {
    return this.response?.status;
  }
}

/** The query string as axios writes it for plain values: null and undefined are left out. */
function query(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(Array.isArray(value) ? `${key}[]` : key, one instanceof Date ? one.toISOString() : String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The body as axios reads it by default: JSON when it parses, else the text. */
async function readBody(res: Response, blob: boolean): Promise<unknown> {
  if (blob) return res.blob();
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as unknown) : text;
  } catch {
    return text;
  }
}

function create(init: { headers?: Headers } = {}) {
  const requestSteps: ((config: Config) => Config | Promise<Config>)[] = [];
  const responseSteps: [((answer: Answer) => unknown) | undefined, Rejected][] = [];
  const defaults = { headers: { common: {} as Headers } };

  async function send(config: Config): Promise<Answer> {
    const headers: Headers = {};
    for (const [name, value] of Object.entries(config.headers)) if (typeof value === 'string') headers[name] = value;
    let body: BodyInit | undefined;
    if (config.data instanceof FormData) body = config.data;
    else if (config.data !== undefined) {
      body = JSON.stringify(config.data);
      headers['Content-Type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(new URL(`${config.url ?? ''}${query(config.params)}`, globalThis.location?.href), { method: (config.method ?? 'get').toUpperCase(), headers, body, signal: config.signal });
    } catch (error) {
      const aborted = config.signal?.aborted;
      throw new AxiosError(aborted ? 'canceled' : error instanceof Error ? error.message : 'Network Error', aborted ? 'ERR_CANCELED' : 'ERR_NETWORK', config);
    }
    const answer: Answer = { data: await readBody(res, config.responseType === 'blob'), status: res.status, headers: Object.fromEntries(res.headers), config };
    if (res.ok) return answer;
    throw new AxiosError(`Request failed with status code ${res.status}`, res.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', config, undefined, answer);
  }

  async function request(options: Omit<Config, 'headers'>): Promise<Answer> {
    const headers = { ...init.headers, ...defaults.headers.common } as Config['headers'];
    Object.defineProperty(headers, 'set', { enumerable: false, value: (name: string, value: string) => void (headers[name] = value) });
    let pending: Promise<Answer>;
    try {
      let config: Config = { ...options, headers };
      for (const step of requestSteps) config = await step(config);
      pending = send(config);
    } catch (error) {
      pending = Promise.reject(error);
    }
    for (const [onAnswer, onError] of responseSteps) pending = pending.then(onAnswer, onError) as Promise<Answer>;
    return pending;
  }

  return {
    defaults,
    interceptors: {
      request: { use: (step: (config: Config) => Config | Promise<Config>) => requestSteps.push(step) - 1 },
      response: { use: (onAnswer?: (answer: Answer) => unknown, onError?: Rejected) => responseSteps.push([onAnswer, onError]) - 1 },
    },
    request,
    get: (url: string, options: Partial<Omit<Config, 'headers'>> = {}) => request({ ...options, url, method: 'get' }),
    post: (url: string, data?: unknown, options: Partial<Omit<Config, 'headers'>> = {}) => request({ ...options, url, data, method: 'post' }),
  };
}

export default { create };
