/** What a message may say of its contact. */
export interface RenderContact {
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  custom_attributes: Record<string, unknown>;
}

const VARIABLE = /\{\{\s*contact\.([a-z_]+(?:\.[^{}\s]+)?)\s*\}\}/g;
const FIELDS = new Set(['name', 'email', 'phone_number', 'identifier']);

function valueOf(path: string, contact: RenderContact): string {
  if (FIELDS.has(path)) return contact[path as keyof Omit<RenderContact, 'custom_attributes'>] ?? '';
  if (path.startsWith('custom_attributes.')) {
    const value = contact.custom_attributes?.[path.slice('custom_attributes.'.length)];
    return value === undefined || value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return '';
}

/** `{{contact.name}}`, `{{contact.email}}`, `{{contact.phone_number}}`, `{{contact.identifier}}`, `{{contact.custom_attributes.<key>}}`; missing values are empty. */
export function substituteVariables(text: string, contact: RenderContact): string {
  return text.replace(VARIABLE, (_, path: string) => valueOf(path, contact));
}

interface Parsed {
  text: string;
  end: number;
}

/**
 * Text up to the end, or (inside a group) up to its next `|` or `}`; `{{…}}` is kept as it is
 * (a variable, not a group), and a `{` that never closes is plain text.
 */
function sequence(source: string, from: number, random: () => number, inGroup: boolean): Parsed {
  let text = '';
  let at = from;
  while (at < source.length) {
    const char = source[at];
    if (source.startsWith('{{', at)) {
      const close = source.indexOf('}}', at + 2);
      if (close !== -1) {
        text += source.slice(at, close + 2);
        at = close + 2;
        continue;
      }
    }
    if (char === '{') {
      const group = alternatives(source, at + 1, random);
      if (group) {
        text += group.text;
        at = group.end;
        continue;
      }
      text += char;
      at += 1;
      continue;
    }
    if (inGroup && (char === '|' || char === '}')) break;
    text += char;
    at += 1;
  }
  return { text, end: at };
}

/** A group `{a|b|c}` opened before `from`: one alternative at random; null when it never closes. One alternative alone stays as written. */
function alternatives(source: string, from: number, random: () => number): Parsed | null {
  const options: string[] = [];
  let at = from;
  for (;;) {
    const part = sequence(source, at, random, true);
    options.push(part.text);
    if (part.end >= source.length) return null;
    if (source[part.end] === '}') {
      const end = part.end + 1;
      if (options.length === 1) return { text: `{${options[0]}}`, end };
      return { text: options[Math.min(options.length - 1, Math.floor(random() * options.length))], end };
    }
    at = part.end + 1;
  }
}

/** Spintax: each `{a|b|c}` becomes one of its alternatives (nested groups too); unbalanced braces stay as text. */
export function spin(text: string, random: () => number): string {
  return sequence(text, 0, random, false).text;
}

/** The message one contact gets: alternatives picked first, then the contact's values (so a value with braces is never spun). */
export function renderMessage(template: string, contact: RenderContact, random: () => number = Math.random): string {
  return substituteVariables(spin(template, random), contact);
}
