import { loggedUrl } from './logged-url.rules';

describe('loggedUrl', () => {
  it("keeps a sign-in link's route but not its token", () => {
    expect(loggedUrl('/auth/sso/Abc_123-xyzXYZ0123456789abcdef')).toBe('/auth/sso/:token');
    expect(loggedUrl('/auth/sso/Abc_123-xyz/?utm=1')).toBe('/auth/sso/:token/?utm=1');
  });

  it("keeps survey tokens and public API contacts' identifiers out too", () => {
    expect(loggedUrl('/survey/responses/0b3e5a1c-1d2e-4f50-8a9b-000000000001')).toBe('/survey/responses/:token');
    expect(loggedUrl('/public/api/v1/csat_survey/abc?x=1')).toBe('/public/api/v1/csat_survey/:token?x=1');
    expect(loggedUrl('/public/api/v1/inboxes/web123/contacts/src-1/conversations/4/messages')).toBe(
      '/public/api/v1/inboxes/web123/contacts/:contact_identifier/conversations/4/messages',
    );
    expect(loggedUrl('/public/api/v1/inboxes/web123/contacts')).toBe('/public/api/v1/inboxes/web123/contacts');
  });

  it('leaves every other URL as it came', () => {
    expect(loggedUrl('/api/v1/profile?x=1')).toBe('/api/v1/profile?x=1');
    expect(loggedUrl('/api/v1/auth/sso/abc')).toBe('/api/v1/auth/sso/abc');
  });
});
