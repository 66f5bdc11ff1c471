import {
  authApi,
  endpointPath,
  MSG,
  WORKSPACE_HEADER,
  workspacesApi,
  type EndpointAnswer,
  type EndpointDef,
  type EndpointInput,
  type TWorkspace,
} from '@cityforge/shared';
import { ApiError, normaliseErrorBody } from './api-errors';
import type { TokenStore } from './token-store';
import { lostWorkspaceCheck, type WorkspaceChoice } from './workspace-choice';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** false for calls that must never carry a token or trigger a refresh (login, signup…). */
  auth?: boolean;
  /** Send the token but answer a 401 as is, without refreshing (logout). */
  noRefresh?: boolean;
  /**
   * The workspace the request acts in: left out, the tab's chosen one; null, none (the
   * server's last chosen); an id, that one (switching to it).
   */
  workspace?: string | null;
  signal?: AbortSignal;
}

/** A contract's params, query and body, with how to send them (token, refresh, abort). */
export type CallOptions<E extends EndpointDef> = EndpointInput<E> &
  Pick<RequestOptions, 'auth' | 'noRefresh' | 'workspace' | 'signal'>;

/** The options argument, optional when the contract needs neither params nor a body. */
type CallArgs<E extends EndpointDef> =
  Record<string, never> extends EndpointInput<E>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

/** What every contract call carries once its types have done their work. */
type ContractCall = Omit<RequestOptions, 'method' | 'query'> & {
  params?: Record<string, unknown>;
  query?: unknown;
};

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  baseUrl?: string;
  /** Called once the session is gone (refresh failed); the auth store signs the user out. */
  onSessionEnd: (reason: string) => void;
  /** The tab's workspace, sent as `X-Workspace-Id` with every signed-in request. */
  workspace?: WorkspaceChoice;
  /**
   * Called once the server no longer knows the tab's workspace as the person's (they were
   * removed from it): the tab has moved to `now`, the server's current one of theirs.
   */
  onWorkspaceLost?: (now: TWorkspace) => void;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Calls an endpoint by its shared contract: the URL from its path, the answer its type. */
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointAnswer<E>>;
  /** A file answer (GET), with the name the server suggests in Content-Disposition. */
  download(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<Download>;
  /** A file endpoint (GET) by its contract. */
  downloadFile<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<Download>;
  /** Exchanges the refresh token; concurrent callers share one call. Resolves to success. */
  refresh(): Promise<boolean>;
}

export interface Download {
  blob: Blob;
  filename: string | null;
  /** The answer's headers, for what a file carries beside its bytes (a site ZIP's note). */
  headers: Headers;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const raw = await res.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '';
  let inflight: Promise<boolean> | null = null;

  async function send(path: string, options: RequestOptions, access: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (access && options.auth !== false) {
      headers.Authorization = `Bearer ${access}`;
      if (options.workspace) headers[WORKSPACE_HEADER] = options.workspace;
    }
    try {
      return await deps.fetch(buildUrl(baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, { message: MSG.anErrorOccurred });
    }
  }

  async function doRefresh(): Promise<boolean> {
    const { refresh } = deps.tokens.get();
    if (!refresh) return false;
    try {
      const res = await send(
        authApi.refresh.path,
        { method: authApi.refresh.method, body: { refresh }, auth: false },
        null,
      );
      if (!res.ok) return false;
      const data = (await readBody(res)) as { access?: unknown; refresh?: unknown } | null;
      if (typeof data?.access !== 'string' || typeof data.refresh !== 'string') return false;
      deps.tokens.set({ access: data.access, refresh: data.refresh });
      return true;
    } catch {
      return false;
    }
  }

  function refresh(): Promise<boolean> {
    inflight ??= doRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  function endSession(reason: string): never {
    deps.tokens.clear();
    deps.onSessionEnd(reason);
    throw new ApiError(401, { message: reason });
  }

  /** Sends with the token; on 401 refreshes once and resends, or ends the session. */
  async function authed(path: string, options: RequestOptions): Promise<Response> {
    const sentWith = options.auth === false ? null : deps.tokens.get().access;
    let res = await send(path, options, sentWith);
    if (res.status === 401 && options.auth !== false && !options.noRefresh) {
      const current = deps.tokens.get();
      // Another request may already have rotated the tokens: then just retry with the new one.
      const rotated = !!current.access && !!sentWith && current.access !== sentWith;
      if (!rotated) {
        if (!current.refresh) endSession(MSG.noRefreshToken);
        if (!(await refresh())) endSession(MSG.refreshFailed);
      }
      res = await send(path, options, deps.tokens.get().access);
      if (res.status === 401) endSession(MSG.refreshFailed);
    }
    return res;
  }

  /** The options with the workspace the request names settled: the tab's, unless told. */
  const inWorkspace = (options: RequestOptions): RequestOptions =>
    options.workspace !== undefined || options.auth === false
      ? options
      : { ...options, workspace: deps.workspace?.get() ?? null };

  const checkWorkspace = lostWorkspaceCheck({
    choice: deps.workspace,
    list: async () =>
      (await request<{ data: TWorkspace[] }>(workspacesApi.list.path, { workspace: null })).data,
    onLost: (now) => deps.onWorkspaceLost?.(now),
  });

  /**
   * A refused request's error, and whether the tab has since moved out of the workspace it
   * named because the person is no longer in it.
   */
  async function failure(res: Response, options: RequestOptions) {
    const data = await readBody(res);
    const error = new ApiError(res.status, normaliseErrorBody(data), data);
    const named = options.workspace;
    const moved =
      !!named && res.status === 404 && error.message === MSG.workspaceNotFound
        ? await checkWorkspace(named)
        : false;
    return { error, moved };
  }

  /**
   * A read refused only because the tab's workspace is gone is asked again in the one the tab
   * moved to (so the session, the header and the screen load); a change is never replayed in
   * another workspace than the one it was meant for.
   */
  const askAgain = (options: RequestOptions, moved: boolean) =>
    moved && options.workspace === undefined && (options.method ?? 'GET') === 'GET';

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const settled = inWorkspace(options);
    const res = await authed(path, settled);
    if (res.ok) return (await readBody(res)) as T;
    const { error, moved } = await failure(res, settled);
    if (askAgain(options, moved)) return request(path, options);
    throw error;
  }

  async function download(path: string, options: RequestOptions = {}): Promise<Download> {
    const settled = inWorkspace({ ...options, method: 'GET' });
    const res = await authed(path, settled);
    if (!res.ok) {
      const { error, moved } = await failure(res, settled);
      if (askAgain(options, moved)) return download(path, options);
      throw error;
    }
    return {
      blob: await res.blob(),
      filename: dispositionFilename(res.headers.get('Content-Disposition')),
      headers: res.headers,
    };
  }

  /** The request a contract call stands for: its method, its filled path, query and body. */
  function contractRequest(
    endpoint: EndpointDef,
    options: ContractCall = {},
  ): [string, RequestOptions] {
    const { params, query, ...rest } = options;
    return [
      endpointPath(endpoint.path, params),
      { ...rest, method: endpoint.method, query: query as RequestOptions['query'] },
    ];
  }

  return {
    request,
    call: (endpoint, ...[options]) =>
      request(...contractRequest(endpoint, options as ContractCall | undefined)),
    downloadFile: (endpoint, ...[options]) =>
      download(...contractRequest(endpoint, options as ContractCall | undefined)),
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    download,
    refresh,
  };
}
