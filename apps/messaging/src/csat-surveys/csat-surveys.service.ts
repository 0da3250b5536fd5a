import { Inject, Injectable } from '@nestjs/common';
import type { CsatSurveySent } from '@parley/contracts';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { csatSurveyMessage } from './csat-survey.rules';

/**
 * CSAT surveys: a resolve sends one when the inbox asks for it (once per resolution, in the
 * resolve's transaction); reporting finds the survey a rating's token belongs to.
 */
@Injectable()
export class CsatSurveysService {
  constructor(
    changes: ConversationChangesService,
    private readonly messages: MessageWriter,
    private readonly loader: MessageLoader,
    private readonly inboxes: InboxesLoader,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
  ) {
    changes.onResolved(async (tx, emit, conversation) => {
      if (await this.inboxes.csatSurveyEnabled(tx, conversation.inbox_id))
        await this.messages.write(tx, emit, conversation, csatSurveyMessage(config.publicUrl));
    });
  }

  find(token: string): Promise<CsatSurveySent | null> {
    return this.loader.csatSurvey(token);
  }
}
