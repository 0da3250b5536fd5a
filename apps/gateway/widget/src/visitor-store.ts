/** What the browser remembers of its visitor at one website token, so a reload keeps the conversation. */
export interface Visitor {
  source_id: string;
  pubsub_token: string;
  identifier: string | null;
  identifier_hash: string | null;
  conversation_id: number | null;
  last_event_id: string | null;
}

const keyOf = (websiteToken: string) => `parley_widget:${websiteToken}`;

export function loadVisitor(websiteToken: string): Visitor | null {
  try {
    const raw = localStorage.getItem(keyOf(websiteToken));
    return raw ? (JSON.parse(raw) as Visitor) : null;
  } catch {
    // Storage may be disabled (private mode, sandboxed frames): the visit is then anonymous.
    return null;
  }
}

export function saveVisitor(websiteToken: string, visitor: Visitor | null): void {
  try {
    if (visitor) localStorage.setItem(keyOf(websiteToken), JSON.stringify(visitor));
    else localStorage.removeItem(keyOf(websiteToken));
  } catch {
    /* storage unavailable: the visitor is remembered for this page only */
  }
}
