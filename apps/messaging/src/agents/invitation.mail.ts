import type { MailMessage } from '@parley/service-kit';
import { INVITATION_TTL_DAYS } from '@parley/contracts';

/** The e-mail that carries an invitation's one-time token. */
export function invitationMail(options: {
  to: string;
  name: string;
  accountName: string;
  token: string;
  publicUrl: string;
}): MailMessage {
  const link = `${options.publicUrl}/app/auth/activate?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: `You are invited to ${options.accountName} on Parley`,
    text: [
      `Hello ${options.name},`,
      '',
      `You have been invited to join ${options.accountName} on Parley.`,
      `Activate your account (the link works for ${INVITATION_TTL_DAYS} days):`,
      link,
      '',
      'Or through the API:',
      `POST ${options.publicUrl}/api/v1/auth/activate {"token": "${options.token}", "password": "<your password>"}`,
      '',
    ].join('\n'),
  };
}
