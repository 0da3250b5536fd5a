/** Why a request to the Kanban module failed. */
export const KanbanErrors = {
  /** The account switched the module off (`kanban_config.enabled: false`). */
  disabled: 'KANBAN.DISABLED',
  configInvalid: 'KANBAN.CONFIG_INVALID',
  /** `test_webhook` without a `webhook_url`. */
  webhookUrlMissing: 'KANBAN.WEBHOOK_URL_MISSING',
  funnelNotFound: 'KANBAN.FUNNEL_NOT_FOUND',
  funnelInvalid: 'KANBAN.FUNNEL_INVALID',
  stageNotFound: 'KANBAN.STAGE_NOT_FOUND',
  stageInvalid: 'KANBAN.STAGE_INVALID',
  /** A funnel or stage named in a request body does not exist. */
  unknownReference: 'KANBAN.UNKNOWN_REFERENCE',
  itemNotFound: 'KANBAN.ITEM_NOT_FOUND',
  itemInvalid: 'KANBAN.ITEM_INVALID',
  /** A plain update tried to change the stage or funnel: the move endpoints do that. */
  useMoveEndpoints: 'KANBAN.USE_MOVE_ENDPOINTS',
  conversationMissing: 'KANBAN.CONVERSATION_MISSING',
  agentMissing: 'KANBAN.AGENT_MISSING',
  /** Ids of a bulk request or reorder that name no card of the account. */
  itemsMissing: 'KANBAN.ITEMS_MISSING',
} as const;

/** Why a request about a card's checklist or notes failed. */
export const KanbanWorkErrors = {
  checklistItemNotFound: 'KANBAN_CHECKLIST.ITEM_NOT_FOUND',
  checklistItemInvalid: 'KANBAN_CHECKLIST.ITEM_INVALID',
  noteNotFound: 'KANBAN_NOTE.NOT_FOUND',
  noteInvalid: 'KANBAN_NOTE.INVALID',
  /** A linked card, conversation or contact that the account does not have. */
  noteLinkMissing: 'KANBAN_NOTE.LINK_MISSING',
  attachmentNotFound: 'KANBAN_ATTACHMENT.NOT_FOUND',
  /** A mapping names a column the file lacks or a field cards do not have. */
  importMappingInvalid: 'KANBAN_IMPORT.MAPPING_INVALID',
  importFileInvalid: 'KANBAN_IMPORT.FILE_INVALID',
  automationNotFound: 'KANBAN_AUTOMATION.NOT_FOUND',
  automationInvalid: 'KANBAN_AUTOMATION.INVALID',
} as const;
