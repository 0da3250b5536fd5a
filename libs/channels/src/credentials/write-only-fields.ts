/** Channel secrets: accepted on create and update, stored encrypted, never shown, logged or sent in an event. */
const WRITE_ONLY_NAMES = new Set([
  'api_key',
  'app_secret',
  'bot_token',
  'page_access_token',
  'access_token',
  'auth_token',
]);

export function isWriteOnlyField(name: string): boolean {
  return WRITE_ONLY_NAMES.has(name) || name.endsWith('_password');
}

/** A copy without the write-only fields, at any depth (`provider_config.api_key` too). */
export function withoutWriteOnlyFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutWriteOnlyFields(item)) as T;
  if (!isPlainObject(value)) return value;
  const shown: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (!isWriteOnlyField(name)) shown[name] = withoutWriteOnlyFields(field);
  }
  return shown as T;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
