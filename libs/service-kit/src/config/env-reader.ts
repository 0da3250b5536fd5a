type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads settings from the environment and collects every problem, so that one start-up
 * failure names all missing or invalid settings at once.
 */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env = process.env) {}

  /** The first of `names` that is set (later names are fallbacks). */
  string(names: string | string[], options: { default?: string; required?: boolean } = {}): string {
    const list = Array.isArray(names) ? names : [names];
    for (const name of list) {
      const value = this.env[name]?.trim();
      if (value) return value;
    }
    if (options.default !== undefined) return options.default;
    if (options.required !== false) this.problems.push(`${list.join(' or ')}: required but not set`);
    return '';
  }

  optionalString(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  int(name: string, options: { default: number; min?: number; max?: number }): number {
    const raw = this.env[name]?.trim();
    if (!raw) return options.default;
    const value = Number(raw);
    const min = options.min ?? Number.MIN_SAFE_INTEGER;
    const max = options.max ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name}: "${raw}" is not an integer between ${min} and ${max}`);
      return options.default;
    }
    return value;
  }

  bool(name: string, options: { default: boolean }): boolean {
    const raw = this.env[name]?.trim().toLowerCase();
    if (!raw) return options.default;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name}: "${raw}" is not a boolean (true/false)`);
    return options.default;
  }

  url(names: string | string[], protocols: string[], options: { default?: string } = {}): string {
    const value = this.string(names, options);
    if (!value) return value;
    const label = Array.isArray(names) ? names.join(' or ') : names;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        this.problems.push(`${label}: protocol must be one of ${protocols.join(', ')}`);
      }
    } catch {
      this.problems.push(`${label}: not a valid URL`);
    }
    return value;
  }

  /** A comma-separated list of URLs (a cluster's seed servers): each must parse and use one of `protocols`. */
  urlList(name: string, protocols: string[]): string[] {
    const value = this.string(name);
    if (!value) return [];
    const urls = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of urls) {
      // Named in the problem, but never with its credentials (`user:password@` or a NATS `token@`).
      const shown = entry.replace(/\/\/[^/@]*@/, '//***@');
      try {
        const parsed = new URL(entry);
        if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
          this.problems.push(`${name}: "${shown}": protocol must be one of ${protocols.join(', ')}`);
        }
      } catch {
        this.problems.push(`${name}: "${shown}" is not a valid URL`);
      }
    }
    return urls;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], options: { default: T }): T {
    const raw = this.env[name]?.trim();
    if (!raw) return options.default;
    if (!allowed.includes(raw as T)) {
      this.problems.push(`${name}: "${raw}" is not one of ${allowed.join(', ')}`);
      return options.default;
    }
    return raw as T;
  }

  /** A namespace becomes part of NATS subjects and stream names: keep it to safe characters. */
  token(name: string, options: { default: string }): string {
    const raw = this.env[name]?.trim();
    if (!raw) return options.default;
    if (!/^[A-Za-z0-9_]+$/.test(raw)) {
      this.problems.push(`${name}: "${raw}" may contain only letters, digits and underscores`);
      return options.default;
    }
    return raw;
  }

  /** Records a problem found by a check of the caller's own. */
  report(problem: string): void {
    this.problems.push(problem);
  }

  assertValid(service: string): void {
    if (this.problems.length > 0) throw new ConfigError(service, this.problems);
  }
}
