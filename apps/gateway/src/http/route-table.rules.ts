/** A route as Fastify registered it: `/api/v1/accounts/:account_id/labels/:id`. */
export interface ServedRoute {
  method: string | string[];
  url: string;
}

/** Routes of the docs themselves and Fastify's automatic HEAD twins of GET routes. */
const UNDOCUMENTED_BY_DESIGN = /^\/api-docs(\/|$|-json$|-yaml$)/;

/**
 * The routes the gateway serves that its OpenAPI document does not list: the document is
 * the route table clients (and the access-matrix and fuzz suites) rely on, so none may hide.
 */
export function undocumentedRoutes(routes: ServedRoute[], paths: Record<string, Record<string, unknown>>): string[] {
  const documented = new Set(
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  const missing = new Set<string>();
  for (const route of routes) {
    const url = route.url.replace(/\/$/, '') || '/';
    if (UNDOCUMENTED_BY_DESIGN.test(url)) continue;
    const templated = url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${templated}`;
      if (!documented.has(key)) missing.add(key);
    }
  }
  return [...missing].sort();
}
