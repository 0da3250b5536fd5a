/** A sign-in link's path holds its token, a credential until used: logs keep the route, never the token. */
const SIGN_IN_LINK = /^\/auth\/sso\/[^/?#]*/;

/** The request URL as the access log and error lines may show it. */
export function loggedUrl(url: string): string {
  return url.replace(SIGN_IN_LINK, '/auth/sso/:token');
}
