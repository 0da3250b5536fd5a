import type { OutgoingAttachment } from '../port/outgoing-message';

/** An outgoing attachment's bytes, read from its stream (providers take uploads whole). */
export async function attachmentBytes(attachment: OutgoingAttachment): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await attachment.open()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
