import { CSAT_URL_ATTRIBUTE } from '@parley/contracts';

/**
 * A satisfaction survey leaves the platform as its text and the link to its page: channels
 * other than Parley's widget have no rating buttons of their own.
 */
export function withSurveyLink(content: string | null, attributes: Record<string, unknown>): string | null {
  const link = attributes[CSAT_URL_ATTRIBUTE];
  return typeof link === 'string' ? `${content ?? ''}\n\n${link}`.trim() : content;
}
