/**
 * Path segments that are credentials: a sign-in link's token (a login until used), a survey's
 * token (anyone holding it may answer the survey), a public API contact's `source_id` (the
 * contact's identity towards the public API). Logs keep the route, never the value.
 */
const CREDENTIAL_SEGMENTS: Array<[RegExp, string]> = [
  [/^\/auth\/sso\/[^/?#]*/, '/auth/sso/:token'],
  [/^\/survey\/responses\/[^/?#]*/, '/survey/responses/:token'],
  [/^\/public\/api\/v1\/csat_survey\/[^/?#]*/, '/public/api/v1/csat_survey/:token'],
  [/^(\/public\/api\/v1\/inboxes\/[^/?#]+\/contacts)\/[^/?#]+/, '$1/:contact_identifier'],
];

/** The request URL as the access log and error lines may show it. */
export function loggedUrl(url: string): string {
  return CREDENTIAL_SEGMENTS.reduce((shown, [pattern, route]) => shown.replace(pattern, route), url);
}
