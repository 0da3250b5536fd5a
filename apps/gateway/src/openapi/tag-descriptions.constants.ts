/** What each tag of the OpenAPI document groups; a tag missing here stops the document from being built. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  'agent bots': 'Bots that answer an inbox through their outgoing URL',
  agents: "The account's users: invitations, roles and availability",
  api: 'Version probe',
  attachments: 'Downloads of stored files through signed links (no token: the link is the credential)',
  auth: 'Activation of an invited user, and the single-use sign-in links the Platform API hands out',
  'automation rules': 'Rules that act on conversations and messages when an event matches their conditions',
  campaigns: 'One-off and ongoing campaigns, their triggers and their send log',
  'canned responses': 'Saved replies agents insert with a short code',
  'custom filters': "The signed-in user's saved conversation, contact and report filters",
  contacts: 'Contacts, their inbox links, notes, labels, imports and merges',
  conversations: 'Conversations: lists, filters, status, assignment, labels and attributes',
  'custom attribute definitions': 'The custom attributes contacts and conversations may carry',
  health: 'Liveness, readiness, system health and Prometheus metrics',
  inboxes: 'Inboxes (channels), their settings and their members',
  kanban: 'Sales pipeline: funnels, stages, cards, checklists, notes, attachments and automations',
  labels: 'Labels for conversations and contacts',
  macros: 'Saved action lists agents run on conversations',
  messages: 'Messages of a conversation, with their attachments',
  platform:
    "The operator's API (PLATFORM_API_TOKEN): accounts, users and their sign-in links, memberships, bots of no account, the reporting model",
  'provider webhooks':
    "Token-less endpoints the messaging providers call (WhatsApp, Messenger, Instagram, Telegram, Twilio): Meta's verification handshake and signed deliveries",
  'public client API':
    "What widgets and bridges call without an access token, by an inbox's public identifier and the contact's source id",
  profile: "The signed-in user's profile, availability and access token",
  reports: 'Conversation, agent, inbox, team, label and CSAT reports; the public CSAT survey page and answer',
  teams: 'Teams of agents and their members',
  'web widget': "The embeddable chat widget's script (the `web_widget_script` snippet loads it)",
  webhooks: "The account's webhooks and their delivery log",
};
