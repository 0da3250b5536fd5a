import { readE2eState } from './e2e-state';

/** A deployable's `/metrics` page, in Prometheus' text format. */
export async function scrapeMetrics(
  service: string,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(`${readE2eState().healthUrls[service]}/metrics`);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/** The value of a sample of `name` whose labels include `labels` (in any order), or null when there is none. */
export function metricSample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return null;
}
