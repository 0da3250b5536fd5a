import { readE2eState, type ScriptedSmtpServer, type TestAccount } from '@parley/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { randomUUID } from 'node:crypto';

/** An e-mail inbox that sends through `server` (its own SMTP settings, a password to seal). */
export async function emailInbox(account: TestAccount, server: ScriptedSmtpServer, name = 'Support') {
  const address = `support-${randomUUID().slice(0, 8)}@acme.test`;
  const response = await account.admin.api.post('/inboxes', {
    name,
    channel: {
      type: 'email',
      email: address,
      smtp_enabled: true,
      smtp_address: '127.0.0.1',
      smtp_port: server.port,
      smtp_login: 'parley',
      smtp_password: 'smtp-secret-password',
      smtp_enable_starttls_auto: false,
    },
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; email: string; forward_to_email: string };
}

export async function emailContact(account: TestAccount, inboxId: number, name = 'Customer') {
  const email = `customer-${randomUUID().slice(0, 8)}@example.test`;
  const response = await account.admin.api.post('/contacts', { name, email, inbox_id: inboxId });
  expect(response.status).toBe(201);
  return { id: response.body.payload.contact.id as number, email };
}

export const parsed = (raw: Buffer): Promise<ParsedMail> => simpleParser(raw);

/** Sends an e-mail to Parley's inbound SMTP listener; resolves with the server's answer or rejects with its refusal. */
export async function sendToParley(mail: {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  raw?: string;
  envelope?: { from: string; to: string[] };
}): Promise<string> {
  const { mailInboundPort } = readE2eState();
  const transport = createTransport({ host: '127.0.0.1', port: mailInboundPort, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail(mail);
    return info.response;
  } finally {
    transport.close();
  }
}
