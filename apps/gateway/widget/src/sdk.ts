import { ChatWidget, type UserFields } from './chat-widget';

/**
 * The reference's embed contract: `window.chatwootSDK.run({websiteToken, baseUrl})`, then
 * `window.$chatwoot` and a `chatwoot:ready` event on `window`, so an existing snippet works as is.
 */
interface Settings {
  websiteToken: string;
  baseUrl: string;
}

declare global {
  interface Window {
    chatwootSDK: { run(settings: Settings): void };
    $chatwoot?: {
      hasLoaded: boolean;
      toggle(state?: 'open' | 'close' | boolean): void;
      setUser(identifier: string, fields?: UserFields): Promise<void>;
      setCustomAttributes(attributes: Record<string, unknown>): Promise<void>;
      reset(): void;
    };
  }
}

function run({ websiteToken, baseUrl }: Settings): void {
  if (window.$chatwoot) return;
  const widget = new ChatWidget(String(baseUrl || '').replace(/\/+$/, ''), websiteToken);
  window.$chatwoot = {
    hasLoaded: false,
    toggle: (state) => widget.toggle(state === undefined ? undefined : state === true || state === 'open'),
    setUser: (identifier, fields) => widget.setUser(String(identifier), fields),
    setCustomAttributes: (attributes) => widget.setCustomAttributes(attributes),
    reset: () => widget.reset(),
  };
  const start = () =>
    widget.start().then(
      () => {
        window.$chatwoot!.hasLoaded = true;
        window.dispatchEvent(new CustomEvent('chatwoot:ready'));
      },
      (error) => console.error('Parley widget could not start:', error),
    );
  if (document.body) void start();
  else document.addEventListener('DOMContentLoaded', () => void start());
}

window.chatwootSDK = { run };
