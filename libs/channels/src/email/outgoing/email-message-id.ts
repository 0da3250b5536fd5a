/**
 * Parley's Message-ID of an outgoing message, without angle brackets. It is made from the
 * conversation and the message alone, so a retry after a crash sends the same id (and the
 * receiving side sees a duplicate, not a second e-mail).
 */
export function emailMessageId(conversationUuid: string, messageId: number, domain: string): string {
  return `conversation.${conversationUuid}.message.${messageId}@${domain}`;
}

const PARLEY_MESSAGE_ID = /^conversation\.([0-9a-f-]{36})\.message\.\d+@/i;

/** The conversation named by one of Parley's Message-IDs (a reply's In-Reply-To), else null. */
export function conversationOfMessageId(messageId: string): string | null {
  return PARLEY_MESSAGE_ID.exec(stripAngleBrackets(messageId))?.[1]?.toLowerCase() ?? null;
}

export function stripAngleBrackets(id: string): string {
  return id.trim().replace(/^<+/, '').replace(/>+$/, '');
}
