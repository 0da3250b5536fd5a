/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (an unpaired surrogate) is refused
 * at the edge with a 400 naming where it was, instead of failing deep in a service.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode (no unpaired surrogates)';
  return null;
}

/** The first `path: problem` in a parsed JSON value (keys included), or null when all text is clean. */
export function dirtyTextIn(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? `${path}: ${problem}` : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = textProblem(key);
    if (keyProblem) return `${path}: a key ${keyProblem}`;
    const problem = dirtyTextIn(
      item,
      Array.isArray(value) ? `${path}[${key}]` : path === 'body' ? key : `${path}.${key}`,
    );
    if (problem) return problem;
  }
  return null;
}

/**
 * How deeply arrays and objects nest in JSON text, counted without parsing it, so a hostile
 * body is refused before a recursive parser or validator can run out of stack.
 */
export function jsonNestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}
