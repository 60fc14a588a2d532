/** A small HTTP client for the catalog's REST API, as the CLI uses it. */
import { request, type Dispatcher } from 'undici';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class CatalogClient {
  private readonly server: string;

  constructor(
    server: string,
    private readonly token?: string,
  ) {
    this.server = server.replace(/\/+$/, '');
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      'x-restli-protocol-version': '2.0.0',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
  }

  async post(path: string, body: unknown): Promise<unknown> {
    return this.send('POST', path, JSON.stringify(body));
  }

  async get(path: string): Promise<unknown> {
    return this.send('GET', path);
  }

  /** Whether the entity is stored (a soft-deleted one is). */
  async exists(urn: string): Promise<boolean> {
    const { value } = (await this.post('/entities?action=exists', { urn })) as { value: boolean };
    return value;
  }

  private async send(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(this.server + path, { method, headers: this.headers(), ...(body !== undefined ? { body } : {}) });
    } catch (err) {
      throw new Error(`cannot reach the catalog at ${this.server}: ${(err as Error).message}`);
    }
    const text = await res.body.text();
    if (res.statusCode >= 400) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new HttpError(res.statusCode, message || `HTTP ${res.statusCode}`);
    }
    return text ? JSON.parse(text) : undefined;
  }
}
