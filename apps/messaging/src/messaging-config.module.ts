import { Global, Module } from '@nestjs/common';
import { FileStorageModule } from '@parley/service-kit';
import { loadMessagingConfig, MESSAGING_CONFIG } from './messaging.config';

/** Settings of the messaging service itself, and the attachment storage it shares with the gateway. */
@Global()
@Module({
  imports: [FileStorageModule.register('messaging', { signsLinks: true })],
  providers: [{ provide: MESSAGING_CONFIG, useFactory: () => loadMessagingConfig() }],
  exports: [MESSAGING_CONFIG, FileStorageModule],
})
export class MessagingConfigModule {}
