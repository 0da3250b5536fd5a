import { Injectable } from '@nestjs/common';
import { ConversationErrors, EMAIL_PATTERN, type AccountScoped } from '@parley/contracts';
import { DomainError, Outbox } from '@parley/service-kit';
import { ConversationAccessService } from '../conversations/conversation-access.service';
import { MessageLoader } from '../conversations/message.loader';
import { transcriptMail } from './transcript.mail';

/** A conversation's transcript e-mailed to an address, through the outbox (sent once the transaction commits). */
@Injectable()
export class TranscriptService {
  constructor(
    private readonly access: ConversationAccessService,
    private readonly messages: MessageLoader,
    private readonly outbox: Outbox,
  ) {}

  async send(scope: AccountScoped, displayId: number, email: string): Promise<null> {
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address))
      throw new DomainError(ConversationErrors.transcriptEmailInvalid, 'Email is invalid', ['email']);
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx, _emit, sendMail) => {
      const lines = await this.messages.transcriptLines(tx, conversation.id);
      await sendMail(transcriptMail(address, conversation.display_id, lines));
    });
    return null;
  }
}
