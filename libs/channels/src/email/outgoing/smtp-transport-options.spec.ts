import { smtpTransportOptions } from './smtp-transport-options';

describe('smtpTransportOptions', () => {
  const own = {
    email: 'help@acme.test',
    smtp_enabled: true,
    smtp_address: 'smtp.acme.test',
    smtp_login: 'help',
    smtp_password: 'pw',
  };

  it("uses the inbox's own server: STARTTLS on 587 by default", () => {
    expect(smtpTransportOptions(own, 'smtp://default:25')).toMatchObject({
      host: 'smtp.acme.test',
      port: 587,
      secure: false,
      ignoreTLS: false,
      auth: { user: 'help', pass: 'pw' },
    });
  });

  it('uses implicit TLS on 465, the HELO name and the authentication method', () => {
    expect(
      smtpTransportOptions(
        { ...own, smtp_enable_ssl_tls: true, smtp_domain: 'acme.test', smtp_authentication: 'login' },
        null,
      ),
    ).toMatchObject({
      port: 465,
      secure: true,
      name: 'acme.test',
      authMethod: 'LOGIN',
    });
  });

  it('can turn STARTTLS off, and sends without credentials when none are given', () => {
    const options = smtpTransportOptions(
      { email: 'a@b.test', smtp_enabled: true, smtp_address: 'relay', smtp_port: 25, smtp_enable_starttls_auto: false },
      null,
    );
    expect(options).toMatchObject({ host: 'relay', port: 25, ignoreTLS: true, auth: undefined });
  });

  it('falls back to SMTP_URL, and is not connected without either', () => {
    expect(
      smtpTransportOptions({ email: 'a@b.test', smtp_enabled: false, smtp_address: 'ignored' }, 'smtp://relay:2525'),
    ).toMatchObject({ url: 'smtp://relay:2525' });
    expect(smtpTransportOptions({ email: 'a@b.test' }, null)).toBeNull();
  });
});
