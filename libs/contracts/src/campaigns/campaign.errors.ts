/** Why a request about a campaign failed; `attributes` name the faulty field. */
export const CampaignErrors = {
  notFound: 'CAMPAIGN.NOT_FOUND',
  titleBlank: 'CAMPAIGN.TITLE_BLANK',
  messageBlank: 'CAMPAIGN.MESSAGE_BLANK',
  inboxInvalid: 'CAMPAIGN.INBOX_INVALID',
  audienceEmpty: 'CAMPAIGN.AUDIENCE_EMPTY',
  labelsUnknown: 'CAMPAIGN.LABELS_UNKNOWN',
  scheduledAtInvalid: 'CAMPAIGN.SCHEDULED_AT_INVALID',
  triggerRulesInvalid: 'CAMPAIGN.TRIGGER_RULES_INVALID',
  senderInvalid: 'CAMPAIGN.SENDER_INVALID',
  notEditable: 'CAMPAIGN.NOT_EDITABLE',
  notDeletable: 'CAMPAIGN.NOT_DELETABLE',
  notPausable: 'CAMPAIGN.NOT_PAUSABLE',
  notResumable: 'CAMPAIGN.NOT_RESUMABLE',
  contactMissing: 'CAMPAIGN.CONTACT_MISSING',
} as const;
