/** The address that threads a reply into its conversation: `reply+<conversation uuid>@<inbound domain>`. */
export function replyAddress(conversationUuid: string, inboundDomain: string): string {
  return `reply+${conversationUuid}@${inboundDomain}`;
}

const REPLY_ADDRESS = /^reply\+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@(.+)$/i;

/**
 * The conversation named by the first `reply+` address among the recipients, when it is at
 * the inbound domain (any domain when none is configured), else null.
 */
export function conversationOfReplyAddress(
  recipients: string[],
  inboundDomain: string | null | undefined,
): string | null {
  for (const recipient of recipients) {
    const match = REPLY_ADDRESS.exec(recipient.trim());
    if (match && (!inboundDomain || match[2].toLowerCase() === inboundDomain.toLowerCase()))
      return match[1].toLowerCase();
  }
  return null;
}
