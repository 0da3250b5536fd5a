import { mergeProviderSettings, providerConnected, providerInboxView } from './provider-settings.rules';

describe('mergeProviderSettings', () => {
  it('keeps WhatsApp fields under provider_config, names the secrets given and generates a verify token', () => {
    const merged = mergeProviderSettings(
      'whatsapp',
      {},
      { provider_config: { api_key: ' k ', phone_number_id: '1', app_secret: 's' } },
    );
    expect(merged.settings).toEqual({
      provider: 'whatsapp_cloud',
      provider_config: {
        api_key: 'k',
        phone_number_id: '1',
        app_secret: 's',
        webhook_verify_token: expect.any(String),
      },
    });
    expect(merged.givenSecrets).toEqual(['provider_config.api_key', 'provider_config.app_secret']);
    expect(merged.credentialsChanged).toBe(true);
  });

  it('keeps stored secrets not given, clears with null, and sees no credential change in other fields', () => {
    const stored = { page_id: 'p', page_access_token: 'enc:v1:x', webhook_verify_token: 't' };
    const merged = mergeProviderSettings('messenger', stored, { webhook_verify_token: 'new' });
    expect(merged).toEqual({
      settings: { ...stored, webhook_verify_token: 'new' },
      givenSecrets: [],
      credentialsChanged: false,
    });
    expect(mergeProviderSettings('messenger', stored, { page_access_token: null }).settings).not.toHaveProperty(
      'page_access_token',
    );
  });
});

describe('providerConnected and providerInboxView', () => {
  it('is connected with the credentials the provider needs, and never shows a secret', () => {
    expect(providerConnected('twilio', { account_sid: 'AC', auth_token: 'enc' })).toBe(true);
    expect(providerConnected('telegram', {})).toBe(false);
    const view = providerInboxView(
      'whatsapp',
      { provider_config: { api_key: 'enc', phone_number_id: '1', webhook_verify_token: 'v' } },
      {
        inboundWebhookUrl: 'https://p/webhooks/whatsapp/x',
        administrator: false,
      },
    );
    expect(view).toEqual({
      inbound_webhook_url: 'https://p/webhooks/whatsapp/x',
      provider_connected: true,
      provider: 'whatsapp_cloud',
      provider_config: { phone_number_id: '1', business_account_id: null, webhook_verify_token: null },
    });
  });
});
