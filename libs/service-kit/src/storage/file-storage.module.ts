import { Module, type DynamicModule } from '@nestjs/common';
import {
  createFileStorage,
  FILE_STORAGE,
  loadStorageConfig,
  STORAGE_CONFIG,
  type StorageConfig,
} from './storage-config';

/**
 * The shared file storage (attachments, import files) with its settings, for one app. Import it
 * in the feature module that stores files; `signsLinks` where signed links are made or checked.
 */
@Module({})
export class FileStorageModule {
  static register(service: string, options: { signsLinks: boolean }): DynamicModule {
    return {
      module: FileStorageModule,
      providers: [
        { provide: STORAGE_CONFIG, useFactory: () => loadStorageConfig(service, options) },
        {
          provide: FILE_STORAGE,
          inject: [STORAGE_CONFIG],
          useFactory: (config: StorageConfig) => createFileStorage(config),
        },
      ],
      exports: [STORAGE_CONFIG, FILE_STORAGE],
    };
  }
}
