import { TOKEN_INVALID_STATUS } from '@docent/contracts';
import { clearSession, getSession, getToken } from '../auth/session.ts';

/** Base of every call (docs/spec-conformance.md §7): the API gateway at {host}/api. */
export const API_BASE = '/api';

/** A failed call. `message` is what the user sees: the server's `detail`, else a generic text. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** the answer's own `detail`, when it had one (`message` falls back to a generic text) */
  readonly detail: string | undefined;
  constructor(message: string, status: number, code?: string, detail?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

/** The server's `detail` of a failed call, if it sent one: a screen with its own fallback text uses this. */
export function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiRequestError ? err.detail : undefined;
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => window.location.assign('/');

/** The router installs a client-side navigation here so a 511 does not reload the page. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (POST /login). */
  form?: Record<string, string>;
  /** Extra headers, e.g. X-Azure-PAT. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  // No token means no header: a placeholder would only earn a 511 on public routes.
  if (token) headers.Authorization = `Bearer ${token}`;
  // The interface language (i18n/index.ts sets <html lang>): the server writes mails in it (docs/i18n.md).
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  if (lang && !headers['Accept-Language']) headers['Accept-Language'] = lang;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(err instanceof Error ? err.message : String(err), 0);
  }

  const data: unknown = await readBody(response);
  if (response.ok) return data as T;

  // docs/spec-conformance.md §4: a 511 clears the token and the user and goes to /. Not while the screen is locked:
  // the lock already dropped the token, and a late answer to an older call must not drop the user.
  if (response.status === TOKEN_INVALID_STATUS && !getSession().locked) {
    clearSession();
    onUnauthorized();
  }
  throw new ApiRequestError(errorText(data, response), response.status, errorCode(data), detailOf(data));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string' && data.detail) return data.detail;
  return undefined;
}

function errorText(data: unknown, response: Response): string {
  return detailOf(data) ?? `Request failed with status code ${response.status}`;
}

function errorCode(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  return undefined;
}

/** The text to show for any thrown value: the server detail, else the error's message. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/**
 * Opens an event stream (GET) with the Bearer token, which EventSource cannot send. Resolves
 * with the open response; a non-2xx answer throws like apiRequest (a 511 signs out).
 */
export async function openStream(
  path: string,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers, signal: options.signal, cache: 'no-store' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(err instanceof Error ? err.message : String(err), 0);
  }
  if (response.ok && response.body) return response;
  const data: unknown = await readBody(response);
  if (response.status === TOKEN_INVALID_STATUS && !getSession().locked) {
    clearSession();
    onUnauthorized();
  }
  throw new ApiRequestError(errorText(data, response), response.status, errorCode(data), detailOf(data));
}
