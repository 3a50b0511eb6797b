import { appUrl } from './app';

export interface CallOptions {
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  /** Send as a browser would from this site (Origin + Sec-Fetch-Site). Default true for cookie clients. */
  sameOrigin?: boolean;
  token?: string;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  json: T;
  text: string;
}

/** A small HTTP client with a cookie jar, like a browser or a script talking to the API. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Cookies set without Max-Age or Expires: a browser drops them when it closes. */
  private readonly sessionOnly = new Set<string>();

  /** `base`: the app to talk to (default: the one started in this process, tests/setup/app.ts). */
  constructor(private readonly options: { token?: string; ip?: string; base?: string } = {}) {}

  async baseUrl(): Promise<string> {
    return this.options.base ?? (await appUrl());
  }

  /** What closing and reopening the browser leaves: the cookies that were set to outlive it. */
  restartBrowser(): void {
    for (const name of this.sessionOnly) this.cookies.delete(name);
    this.sessionOnly.clear();
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  csrf(): string | undefined {
    return this.cookies.get('csrf_token');
  }

  async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
    const base = await this.baseUrl();
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const token = opts.token ?? this.options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.options.ip) headers['x-forwarded-for'] = this.options.ip;
    if (opts.sameOrigin !== false && method !== 'GET' && !token && !('origin' in headers)) {
      headers.origin = base;
      headers['sec-fetch-site'] = 'same-origin';
    }
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + path, {
      method,
      headers,
      body,
      redirect: 'manual',
      duplex: 'half',
    } as RequestInit);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/max-age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (/;\s*(max-age|expires)=/i.test(c)) this.sessionOnly.delete(name);
      else this.sessionOnly.add(name);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an HTML page or a file)
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  get<T = any>(path: string, opts?: CallOptions) {
    return this.call<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('POST', path, { ...opts, body });
  }
  /** POSTs a new item and returns the `item` of the answer; fails with the answer when there is none. */
  async create<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<T> {
    const res = await this.post(path, body, opts);
    if (res.json?.item === undefined)
      throw new Error(`POST ${path} created nothing: ${res.status} ${res.text}`);
    return res.json.item as T;
  }
  put<T = any>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('PUT', path, { ...opts, body });
  }
  patch<T = any>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('PATCH', path, { ...opts, body });
  }
  delete<T = any>(path: string, opts?: CallOptions) {
    return this.call<T>('DELETE', path, opts);
  }
}
