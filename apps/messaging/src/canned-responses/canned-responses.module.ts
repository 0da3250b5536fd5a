import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CannedResponseEntity } from './persistence/canned-response.orm-entity';
import { CannedResponsesHandlers } from './canned-responses.handlers';
import { CannedResponsesService } from './canned-responses.service';

@Module({
  imports: [TypeOrmModule.forFeature([CannedResponseEntity])],
  controllers: [CannedResponsesHandlers],
  providers: [CannedResponsesService],
})
export class CannedResponsesModule {}
