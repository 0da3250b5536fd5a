import { randomBytes } from 'node:crypto';

/** 32 hex characters (128 random bits): the public token a widget identifies its inbox with. */
export function newWebsiteToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The embed snippet of a web widget inbox: loads the widget SDK from where clients reach the
 * API and starts it with the inbox's token (the loader and call names the widget SDK expects).
 */
export function webWidgetScript(publicUrl: string, websiteToken: string): string {
  return [
    '<script>',
    '(function () {',
    `  var baseUrl = ${JSON.stringify(publicUrl)};`,
    '  var sdk = document.createElement("script");',
    '  sdk.src = baseUrl + "/packs/js/sdk.js";',
    '  sdk.async = true;',
    '  sdk.onload = function () {',
    `    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(websiteToken)}, baseUrl: baseUrl });`,
    '  };',
    '  document.head.appendChild(sdk);',
    '})();',
    '</script>',
  ].join('\n');
}
