import type { CampaignTriggerRules } from '@parley/contracts';

/** Whether a visit fires a campaign's rules: the exact URL, after at least the rule's seconds on the page. */
export function triggerMatches(rules: CampaignTriggerRules, url: string, timeOnPage: number): boolean {
  return !!rules.url && rules.url === url && timeOnPage >= (rules.time_on_page ?? 0);
}
