import type { TriggerRules } from './public-client';

/**
 * Ongoing campaigns fire from the page: when the visitor has been `time_on_page` seconds on the
 * campaign's exact URL, `fire` is called once (the server still sends each campaign once per contact).
 */
export function watchCampaigns(
  campaigns: Array<{ id: number; trigger_rules: TriggerRules }>,
  fire: (url: string, timeOnPage: number) => void,
): () => void {
  const url = location.href;
  const timers = campaigns
    .filter((campaign) => campaign.trigger_rules.url === url)
    .map((campaign) => {
      const seconds = campaign.trigger_rules.time_on_page ?? 0;
      return setTimeout(() => fire(url, seconds), seconds * 1000);
    });
  return () => timers.forEach(clearTimeout);
}
