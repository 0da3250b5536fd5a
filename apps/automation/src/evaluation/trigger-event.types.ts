import type { AutomationEventName, ConversationSnapshot, EventEnvelope, Message } from '@parley/contracts';

/** What evaluation needs of a conversation or message event: the run log records it too. */
export interface TriggerEvent {
  envelope: EventEnvelope;
  name: AutomationEventName;
  conversation: ConversationSnapshot;
  message: Message | null;
}
