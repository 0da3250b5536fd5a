import type EmailReplyParser from 'email-reply-parser' with { 'resolution-mode': 'import' };

// The package is published as an ES module only; Node (≥ 20.19) loads it with require().
const { default: ReplyParser } = require('email-reply-parser') as { default: typeof EmailReplyParser };
const parser = new ReplyParser();

/** The new text of a reply: the quoted earlier message ("On … wrote:", "> …") and the signature removed. */
export function visibleReply(text: string): string {
  return parser.parseReply(text).trim();
}
