import type { MailMessage } from '@parley/service-kit';

/** The public part of a conversation (no private notes, no activity) as a plain-text e-mail. */
export function transcriptMail(
  to: string,
  displayId: number,
  lines: Array<{ created_at: Date; sender: string | null; content: string | null }>,
): MailMessage {
  const body = lines.map(
    (line) =>
      `[${line.created_at.toISOString().replace('T', ' ').slice(0, 16)}] ${line.sender ?? 'Unknown'}: ${line.content ?? ''}`,
  );
  return {
    to,
    subject: `Transcript of conversation #${displayId}`,
    text: [`Transcript of conversation #${displayId}`, '', ...(body.length ? body : ['(no messages)']), ''].join('\n'),
  };
}
