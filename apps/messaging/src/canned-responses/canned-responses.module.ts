import { Module } from '@nestjs/common';
import { CannedResponsesHandlers } from './canned-responses.handlers';
import { CannedResponsesService } from './canned-responses.service';

@Module({
  controllers: [CannedResponsesHandlers],
  providers: [CannedResponsesService],
})
export class CannedResponsesModule {}
