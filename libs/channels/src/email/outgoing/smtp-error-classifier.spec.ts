import { classifySmtpError } from './smtp-error-classifier';

const smtpError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields['message'] ?? 'smtp error')), fields);

describe('classifySmtpError', () => {
  it('makes a 5xx reply permanent, with the server reply as external_error', () => {
    const error = smtpError({
      code: 'EENVELOPE',
      responseCode: 550,
      permanent: true,
      response: '550 5.1.1 <bob@example.net>: Recipient address rejected',
    });
    expect(classifySmtpError(error)).toEqual({
      outcome: 'permanent',
      externalError: '550 5.1.1 <bob@example.net>: Recipient address rejected',
    });
  });

  it('makes a 4xx reply transient', () => {
    expect(
      classifySmtpError(
        smtpError({ code: 'EENVELOPE', responseCode: 451, permanent: false, response: '451 4.3.0 try later' }),
      ),
    ).toEqual({ outcome: 'transient', error: '451 4.3.0 try later' });
  });

  it('follows nodemailer on 503 (a session out of step, not a refusal of the message)', () => {
    expect(
      classifySmtpError(
        smtpError({ code: 'EPROTOCOL', responseCode: 503, permanent: false, response: '503 bad sequence' }),
      ).outcome,
    ).toBe('transient');
  });

  it('makes a 5xx reply permanent when the library did not say', () => {
    expect(classifySmtpError(smtpError({ responseCode: 554, response: '554 rejected' })).outcome).toBe('permanent');
  });

  it('makes lost connections, timeouts and DNS failures transient', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS']) {
      expect(classifySmtpError(smtpError({ code, message: `${code} happened` }))).toEqual({
        outcome: 'transient',
        error: `${code} happened`,
      });
    }
  });

  it('makes refused credentials and an unusable message permanent', () => {
    expect(
      classifySmtpError(
        smtpError({ code: 'EAUTH', responseCode: 535, permanent: true, response: '535 5.7.8 bad credentials' }),
      ),
    ).toEqual({ outcome: 'permanent', externalError: '535 5.7.8 bad credentials' });
    expect(classifySmtpError(smtpError({ code: 'ENOAUTH', message: 'Missing credentials for "PLAIN"' })).outcome).toBe(
      'permanent',
    );
    expect(classifySmtpError(smtpError({ code: 'EENVELOPE', message: 'No recipients defined' })).outcome).toBe(
      'permanent',
    );
  });

  it('treats anything unknown as transient (retries end in failed anyway)', () => {
    expect(classifySmtpError('boom')).toEqual({ outcome: 'transient', error: 'boom' });
  });
});
