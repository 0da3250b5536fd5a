import { loggedUrl } from './logged-url.rules';

describe('loggedUrl', () => {
  it("keeps a sign-in link's route but not its token", () => {
    expect(loggedUrl('/auth/sso/Abc_123-xyzXYZ0123456789abcdef')).toBe('/auth/sso/:token');
    expect(loggedUrl('/auth/sso/Abc_123-xyz/?utm=1')).toBe('/auth/sso/:token/?utm=1');
  });

  it('leaves every other URL as it came', () => {
    expect(loggedUrl('/api/v1/profile?x=1')).toBe('/api/v1/profile?x=1');
    expect(loggedUrl('/api/v1/auth/sso/abc')).toBe('/api/v1/auth/sso/abc');
  });
});
