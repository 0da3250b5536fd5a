import { newWebsiteToken, webWidgetScript } from './web-widget.rules';

describe('web widget', () => {
  it('makes a fresh 32-hex-character token each time', () => {
    const first = newWebsiteToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newWebsiteToken()).not.toBe(first);
  });

  it('embeds a script that loads the SDK from the public URL and runs it with the token', () => {
    const script = webWidgetScript('https://chat.example.com', 'abc123');
    expect(script.startsWith('<script>')).toBe(true);
    expect(script.endsWith('</script>')).toBe(true);
    expect(script).toContain('var baseUrl = "https://chat.example.com";');
    expect(script).toContain('baseUrl + "/packs/js/sdk.js"');
    expect(script).toContain('window.chatwootSDK.run({ websiteToken: "abc123", baseUrl: baseUrl })');
  });
});
