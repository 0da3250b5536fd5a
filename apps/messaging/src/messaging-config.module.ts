import { Global, Module } from '@nestjs/common';
import { createFileStorage, FILE_STORAGE, loadStorageConfig, STORAGE_CONFIG, type StorageConfig } from '@parley/service-kit';
import { loadMessagingConfig, MESSAGING_CONFIG } from './messaging-config';

/** Settings of the messaging service itself, and the attachment storage it shares with the gateway. */
@Global()
@Module({
  providers: [
    { provide: MESSAGING_CONFIG, useFactory: () => loadMessagingConfig() },
    { provide: STORAGE_CONFIG, useFactory: () => loadStorageConfig('messaging', { signsLinks: true }) },
    { provide: FILE_STORAGE, inject: [STORAGE_CONFIG], useFactory: (config: StorageConfig) => createFileStorage(config) },
  ],
  exports: [MESSAGING_CONFIG, STORAGE_CONFIG, FILE_STORAGE],
})
export class MessagingConfigModule {}
