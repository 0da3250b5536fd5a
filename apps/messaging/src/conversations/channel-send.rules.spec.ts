import { leavesPlatform } from './channel-send.rules';

describe('leavesPlatform', () => {
  const message = (overrides: Partial<Parameters<typeof leavesPlatform>[0]> = {}) => ({
    messageType: 'outgoing' as const,
    private: false,
    contentAttributes: {},
    ...overrides,
  });

  it('sends public outgoing and template messages of provider channels', () => {
    expect(leavesPlatform(message(), 'Channel::Email')).toBe(true);
    expect(leavesPlatform(message({ messageType: 'template' }), 'Channel::MobileChat')).toBe(true);
  });

  it('keeps private notes, incoming and activity messages, echoes, the API channel (its callbacks go by webhook) and the web widget (realtime)', () => {
    expect(leavesPlatform(message({ private: true }), 'Channel::Email')).toBe(false);
    expect(leavesPlatform(message({ messageType: 'incoming' }), 'Channel::Email')).toBe(false);
    expect(leavesPlatform(message({ messageType: 'activity' }), 'Channel::Sms')).toBe(false);
    expect(leavesPlatform(message({ contentAttributes: { external_echo: true } }), 'Channel::SocialPage')).toBe(false);
    expect(leavesPlatform(message(), 'Channel::Api')).toBe(false);
    expect(leavesPlatform(message(), 'Channel::WebWidget')).toBe(false);
  });
});
