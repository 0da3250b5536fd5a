import { randomBytes } from 'node:crypto';
import { decryptSecrets, encryptSecrets } from './channel-secrets';
import { CredentialCipher, CredentialDecryptionError } from './credential-cipher';
import { isWriteOnlyField, withoutWriteOnlyFields } from './write-only-fields';

const cipher = CredentialCipher.fromEnv({ CHANNEL_CREDENTIALS_KEY: randomBytes(32).toString('hex') })!;

describe('write-only fields', () => {
  it('names the secrets of every channel kind', () => {
    for (const name of [
      'smtp_password',
      'imap_password',
      'api_key',
      'app_secret',
      'bot_token',
      'page_access_token',
      'access_token',
      'auth_token',
    ]) {
      expect(isWriteOnlyField(name)).toBe(true);
    }
    for (const name of ['smtp_login', 'webhook_verify_token', 'hmac_token', 'website_token', 'phone_number_id']) {
      expect(isWriteOnlyField(name)).toBe(false);
    }
  });

  it('strips them at any depth and leaves the rest', () => {
    const inbox = {
      id: 3,
      channel: {
        smtp_login: 'bob',
        smtp_password: 'p',
        provider_config: { api_key: 'k', phone_number_id: '1', app_secret: 's' },
      },
      list: [{ auth_token: 't', account_sid: 'AC1' }],
      when: new Date(0),
    };
    expect(withoutWriteOnlyFields(inbox)).toEqual({
      id: 3,
      channel: { smtp_login: 'bob', provider_config: { phone_number_id: '1' } },
      list: [{ account_sid: 'AC1' }],
      when: new Date(0),
    });
  });
});

describe('encryptSecrets / decryptSecrets', () => {
  const settings = {
    email: 'help@acme.test',
    smtp_password: 'p4ss',
    imap_password: null,
    provider_config: { api_key: 'key-1', phone_number_id: '77' },
  };

  it('seals only the secrets, each bound to its field, and opens them again', () => {
    const sealed = encryptSecrets(cipher, settings, 'inbox:9');
    expect(sealed.email).toBe('help@acme.test');
    expect(sealed.imap_password).toBeNull();
    expect(sealed.provider_config.phone_number_id).toBe('77');
    expect(sealed.smtp_password).toMatch(/^enc:v1:/);
    expect(JSON.stringify(sealed)).not.toMatch(/p4ss|key-1/);
    expect(decryptSecrets(cipher, sealed, 'inbox:9')).toEqual(settings);
    expect(() => decryptSecrets(cipher, sealed, 'inbox:10')).toThrow(CredentialDecryptionError);
    expect(() => decryptSecrets(cipher, { ...sealed, api_key: sealed.smtp_password }, 'inbox:9')).toThrow(
      CredentialDecryptionError,
    );
  });

  it('refuses a secret that is not text', () => {
    expect(() => encryptSecrets(cipher, { bot_token: 42 }, 'inbox:1')).toThrow(TypeError);
  });
});
