import { join } from 'node:path';
import { EnvReader } from '../config/env-reader';
import { LocalFileStorage, type FileStorage } from './file-storage';

export interface StorageConfig {
  directory: string;
  /** Signs attachment links; the gateway (which serves them) and messaging (which makes them) share it. */
  urlSecret: string;
  urlTtlSeconds: number;
}

/** `signsLinks`: the secret is required only where links are made or checked (gateway, messaging). */
export function loadStorageConfig(service: string, options: { signsLinks: boolean }, env: Record<string, string | undefined> = process.env): StorageConfig {
  const read = new EnvReader(env);
  const config = {
    directory: read.string('STORAGE_DIR', { default: join(process.cwd(), '.parley', 'storage') }),
    urlSecret: read.string('ATTACHMENT_URL_SECRET', { required: options.signsLinks }),
    urlTtlSeconds: read.int('ATTACHMENT_URL_TTL_SECONDS', { default: 3600, min: 60, max: 7 * 24 * 3600 }),
  };
  if (config.urlSecret && config.urlSecret.length < 16) read.report('ATTACHMENT_URL_SECRET: must be at least 16 characters');
  read.assertValid(service);
  return config;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
export const STORAGE_CONFIG = Symbol('STORAGE_CONFIG');

export function createFileStorage(config: StorageConfig): FileStorage {
  return new LocalFileStorage(config.directory);
}
