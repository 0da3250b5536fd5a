import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { TranscriptService } from './transcript.service';

@Controller()
export class TranscriptHandlers {
  constructor(private readonly transcripts: TranscriptService) {}

  @MessagePattern(P.transcript)
  transcript(@Payload() r: RpcRequest<typeof P.transcript>) {
    return this.transcripts.send(r, r.display_id, r.email);
  }
}
