import {
  buildPath,
  describeIssues,
  ProblemDetailsSchema,
  RevisionConflictSchema,
  SettingsConflictSchema,
  routes,
  type ProblemDetails,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '../contract';
import {
  ApiError,
  NetworkError,
  RevisionConflictError,
  SettingsConflictError,
  UnexpectedResponseError,
} from './errors';
import { newIdempotencyKey } from './idempotency';
import { putItemColumns } from '../contract/item-columns';
import {
  markResponseEnd,
  sharedProjectReader,
  type OffMainAnswer,
  type ProjectReader,
} from './project-off-main';

export interface ApiClientOptions {
  /** Ends in /api/v1, e.g. http://127.0.0.1:8787/api/v1. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Delay before retry n (0-based), in ms. */
  retryDelay?: (attempt: number) => number;
  /**
   * Reads `getProject` off the main thread (project-off-main.ts); null: on the page. By default the
   * page's one project-reader worker (started here, before the page asks) where there are workers
   * and no `fetch` was given.
   */
  readProject?: ProjectReader | null;
}

type Empty = Record<string, never>;
export type RequestInput<N extends RouteName> = (keyof RouteParams<N> extends never
  ? { params?: Empty }
  : { params: RouteParams<N> }) &
  (RouteQuery<N> extends undefined ? { query?: undefined } : { query?: RouteQuery<N> }) &
  (RouteBody<N> extends undefined ? { body?: undefined } : { body: RouteBody<N> }) & {
    signal?: AbortSignal;
    /** For writes that accept one; generated when absent and reused by automatic retries. */
    idempotencyKey?: string;
    /** Retries after a network fault or a 5xx, with the same Idempotency-Key (writes: 2). */
    retries?: number;
  };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

const isRetryable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

/** A typed client for every endpoint of the contract's route table. Never logs the key. */
export class ApiClient {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #retryDelay: (attempt: number) => number;
  readonly #readProject: ProjectReader | null;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#retryDelay = options.retryDelay ?? ((n) => 400 * 2 ** n);
    this.#readProject =
      options.readProject !== undefined
        ? options.readProject
        : options.fetch === undefined && typeof Worker !== 'undefined'
          ? sharedProjectReader()
          : null;
    this.#readProject?.prewarm?.();
  }

  async request<N extends RouteName>(name: N, input: RequestInput<N>): Promise<RouteResponse<N>> {
    const answer = await this.#exchange(name, input, undefined);
    if (!answer)
      throw new UnexpectedResponseError(endpointOf(name), [
        { path: '(status)', message: '304 to a request without If-None-Match' },
      ]);
    return answer.data;
  }

  /**
   * A conditional GET: sends `If-None-Match: etag` (when given) and resolves to null when the
   * service answers 304 (nothing changed since that answer), else the data with its ETag (null when
   * the service sends none). What the editor's revision poll uses: an unchanged project costs no
   * download and no parse.
   */
  async requestIfChanged<N extends RouteName>(
    name: N,
    input: RequestInput<N>,
    etag: string | null | undefined,
  ): Promise<{ data: RouteResponse<N>; etag: string | null } | null> {
    return this.#exchange(name, input, etag ?? undefined);
  }

  async #exchange<N extends RouteName>(
    name: N,
    input: RequestInput<N>,
    ifNoneMatch: string | undefined,
  ): Promise<{ data: RouteResponse<N>; etag: string | null } | null> {
    const route = routes[name];
    const idempotencyKey =
      'idempotent' in route && route.idempotent
        ? (input.idempotencyKey ?? newIdempotencyKey())
        : undefined;
    const retries = input.retries ?? (idempotencyKey ? 2 : 0);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#send(name, input, idempotencyKey, ifNoneMatch);
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
        await sleep(this.#retryDelay(attempt), input.signal);
      }
    }
  }

  async #send<N extends RouteName>(
    name: N,
    input: RequestInput<N>,
    idempotencyKey: string | undefined,
    ifNoneMatch: string | undefined,
  ): Promise<{ data: RouteResponse<N>; etag: string | null } | null> {
    const route = routes[name];
    const params = (input.params ?? {}) as Record<string, string>;
    let url = this.baseUrl + buildPath(route.path, params);
    if (input.query) {
      const search = new URLSearchParams();
      const query = input.query as Record<string, string | number | boolean | undefined>;
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const text = search.toString();
      if (text) url += `?${text}`;
    }
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#apiKey}`,
      Accept: 'application/json',
    };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;

    if (name === 'getProject' && this.#readProject) {
      const answer = await this.#readProject(new URL(url, globalThis.location?.href).href, {
        headers,
        signal: input.signal,
      });
      if (answer) return this.#offMain(name, answer, ifNoneMatch, url);
    }
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: input.signal,
      });
    } catch (error) {
      if (input.signal?.aborted) throw input.signal.reason as Error;
      throw new NetworkError(this.baseUrl, error);
    }
    if (response.status === 304 && ifNoneMatch) return null;
    const endpoint = endpointOf(name);
    const payload = await readJson(response);
    if (!response.ok) throw toApiError(response, payload);
    const parsed = route.response.safeParse(payload);
    if (!parsed.success) throw new UnexpectedResponseError(endpoint, describeIssues(parsed.error));
    return { data: parsed.data as RouteResponse<N>, etag: response.headers.get('ETag') };
  }

  /** `#send`'s reading of a response, for one the project reader read in its worker. */
  #offMain<N extends RouteName>(
    name: N,
    answer: OffMainAnswer,
    ifNoneMatch: string | undefined,
    url: string,
  ): { data: RouteResponse<N>; etag: string | null } | null {
    if (answer.status === 304 && ifNoneMatch) return null;
    markResponseEnd(answer, url);
    if (answer.status < 200 || answer.status > 299) throw toApiError(answer, answer.payload);
    const parsed = routes[name].response.safeParse(answer.payload);
    if (!parsed.success)
      throw new UnexpectedResponseError(endpointOf(name), describeIssues(parsed.error));
    putItemColumns(parsed.data as Parameters<typeof putItemColumns>[0], answer.columns);
    return { data: parsed.data as RouteResponse<N>, etag: answer.etag };
  }
}

const endpointOf = (name: RouteName) => `${routes[name].method} ${routes[name].path}`;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Pick<Response, 'status' | 'statusText'>, payload: unknown): ApiError {
  const parsed = ProblemDetailsSchema.safeParse(payload);
  const problem: ProblemDetails = parsed.success
    ? parsed.data
    : {
        type: 'about:blank',
        title: response.statusText || `HTTP ${response.status}`,
        status: response.status,
        detail: typeof payload === 'string' ? payload.slice(0, 300) : undefined,
      };
  if (response.status === 409) {
    const settings = SettingsConflictSchema.safeParse(payload);
    if (settings.success) return new SettingsConflictError(problem, settings.data.versionId);
    const conflict = RevisionConflictSchema.safeParse(payload);
    return new RevisionConflictError(
      problem,
      conflict.success ? conflict.data.revision : '',
      conflict.success ? conflict.data.selectionRevision : '',
    );
  }
  return new ApiError(response.status, problem);
}
