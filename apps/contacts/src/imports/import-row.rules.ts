/**
 * Characters a CSV row may hold in all. A contact travels in events and realtime frames, and
 * NATS refuses a message over 1 MB: a bigger contact could never be announced, and its event
 * would hold every later one back. The API's body limit (512 KB by default) bounds its own.
 */
export const MAX_ROW_CHARACTERS = 32 * 1024;

/** Why a row cannot be imported whatever its values, or null. */
export function importRowProblem(raw: Record<string, string>): string | null {
  let characters = 0;
  for (const value of Object.values(raw)) characters += value?.length ?? 0;
  return characters > MAX_ROW_CHARACTERS ? `Row is too long (maximum is ${MAX_ROW_CHARACTERS} characters)` : null;
}
