/** One account's part of the public API (`/api/v1/accounts/{id}`), with one user's token. */
export class AccountApi {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  get<T>(path: string): Promise<T> {
    return this.send<T>(path, { headers: { api_access_token: this.token } });
  }

  /** Multipart, for uploads. */
  post<T>(path: string, body: FormData): Promise<T> {
    return this.send<T>(path, { method: 'POST', headers: { api_access_token: this.token }, body });
  }

  private async send<T>(path: string, init: RequestInit): Promise<T> {
    const response = await fetch(`${this.url}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}
