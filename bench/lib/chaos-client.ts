/** The API as a client of the fault runs sees it (through the gateway or a balancer): no answer at all is status 0. */
export class ChaosClient {
  constructor(private readonly baseUrl: string) {}

  async call(
    path: string,
    token: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ): Promise<{ status: number; body: any }> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { api_access_token: token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: 0, body: null };
    }
  }

  async upload(path: string, token: string, csv: string): Promise<{ status: number; body: any }> {
    const form = new FormData();
    form.append('import_file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { api_access_token: token },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: 0, body: null };
    }
  }

  /** Set-up calls must succeed: retried a few times, then the run stops. */
  async must(path: string, token: string, body?: unknown): Promise<any> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(path, token, body);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (attempt === 5) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
