import { readE2eState } from '../harness/e2e-state';
import type { CapturedMail } from './captured-mail';

/** Every e-mail the services sent during this run. */
export async function capturedMails(): Promise<CapturedMail[]> {
  const response = await fetch(`${readE2eState().controlUrl}/mail`);
  return (await response.json()) as CapturedMail[];
}

/** The e-mails sent to one address, oldest first. */
export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const wanted = address.toLowerCase();
  return (await capturedMails()).filter((mail) => mail.to.includes(wanted));
}
