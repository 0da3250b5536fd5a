import { canReplyAt } from './messaging-window.rules';

describe('canReplyAt', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('always allows replies outside messaging apps', () => {
    expect(canReplyAt('Channel::WebWidget', null, now)).toBe(true);
    expect(canReplyAt('Channel::Sms', new Date('2020-01-01T00:00:00Z'), now)).toBe(true);
  });

  it('allows messaging-app replies within 24 hours of the last incoming message', () => {
    expect(canReplyAt('Channel::MobileChat', new Date('2026-11-21T12:00:00Z'), now)).toBe(true);
    expect(canReplyAt('Channel::MobileChat', new Date('2026-11-21T11:59:59Z'), now)).toBe(false);
  });

  it('refuses messaging-app replies when the customer never wrote', () => {
    expect(canReplyAt('Channel::MobileChat', null, now)).toBe(false);
  });

  it('gives Messenger 7 days (human agents, HUMAN_AGENT tag) and Instagram 24 hours', () => {
    expect(canReplyAt('Channel::SocialPage', new Date('2026-11-16T12:00:00Z'), now)).toBe(true);
    expect(canReplyAt('Channel::SocialPage', new Date('2026-11-15T11:59:59Z'), now)).toBe(false);
    expect(canReplyAt('Channel::SocialDirect', new Date('2026-11-21T11:59:59Z'), now)).toBe(false);
  });
});
