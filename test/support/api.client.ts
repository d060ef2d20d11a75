import { json, type JsonBody } from './stack.harness';

export interface ApiAnswer {
  status: number;
  body: JsonBody;
  headers: Headers;
}

/** How a write sends its parameters: the input styles real clients of the original API use (docs/api-conventions.md#inputs). */
export type InputStyle = 'json' | 'form' | 'form-no-content-type' | 'query';

/** A store's API client over plain fetch, with the key in the API-KEY header unless the path carries one. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  get(path: string): Promise<ApiAnswer> {
    return this.send('GET', path);
  }

  delete(path: string): Promise<ApiAnswer> {
    return this.send('DELETE', path);
  }

  post(path: string, params: Record<string, unknown>, style: InputStyle = 'json'): Promise<ApiAnswer> {
    return this.write('POST', path, params, style);
  }

  put(path: string, params: Record<string, unknown>, style: InputStyle = 'json'): Promise<ApiAnswer> {
    return this.write('PUT', path, params, style);
  }

  /** Sends a raw body with the given Content-Type (or none). */
  async raw(method: string, path: string, body: string | undefined, contentType?: string): Promise<ApiAnswer> {
    const headers: Record<string, string> = { 'API-KEY': this.apiKey };
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    return { status: response.status, body: await json(response), headers: response.headers };
  }

  private write(method: string, path: string, params: Record<string, unknown>, style: InputStyle): Promise<ApiAnswer> {
    switch (style) {
      case 'json':
        return this.raw(method, path, JSON.stringify(params), 'application/json');
      case 'form':
        return this.raw(method, path, formEncode(params), 'application/x-www-form-urlencoded');
      case 'form-no-content-type':
        return this.raw(method, path, formEncode(params));
      case 'query': {
        const separator = path.includes('?') ? '&' : '?';
        return this.raw(method, `${path}${separator}${formEncode(params)}`, undefined);
      }
    }
  }

  private async send(method: string, path: string): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: { 'API-KEY': this.apiKey } });
    return { status: response.status, body: await json(response), headers: response.headers };
  }
}

/** Form encoding as browsers and the original clients send it: arrays and objects as JSON text, scalars as strings. */
export function formEncode(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}
