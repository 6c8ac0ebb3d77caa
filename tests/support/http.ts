/** An answer's body as JSON, or undefined when it is empty or not JSON (an HTML page, a parser's refusal). */
export function jsonOf(text: string): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A tiny HTTP client for the integration tests: keeps the session cookie like a browser would and speaks
 * both the graph and the REST adapters.
 */
export class TestClient {
  cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    const json = jsonOf(text);
    return { status: res.status, headers: res.headers, text, json };
  }

  gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    return this.request('POST', '/graphql', { body: { query, variables }, headers });
  }

  async captcha(): Promise<string> {
    const res = await this.request('GET', '/frontend/captcha/generate');
    return res.json.token as string;
  }
}
