import { join } from 'node:path';
import { EnvReader } from '../config/env-reader';
import { LocalFileStorage, type FileStorage } from './file-storage';
import { S3FileStorage, type S3Config } from './s3-file-storage';

export interface StorageConfig {
  /** `local` (a directory shared by the services) or `s3` (an S3-compatible bucket). */
  driver: 'local' | 's3';
  directory: string;
  s3: S3Config | null;
  /** Signs attachment links; the gateway (which serves them) and messaging (which makes them) share it. */
  urlSecret: string;
  urlTtlSeconds: number;
}

/** `signsLinks`: the secret is required only where links are made or checked (gateway, messaging). */
export function loadStorageConfig(
  service: string,
  options: { signsLinks: boolean },
  env: Record<string, string | undefined> = process.env,
): StorageConfig {
  const read = new EnvReader(env);
  const driver = read.oneOf('STORAGE_DRIVER', ['local', 's3'] as const, { default: 'local' });
  const region = read.string('S3_REGION', { default: 'us-east-1' });
  const config: StorageConfig = {
    driver,
    directory: read.string('STORAGE_DIR', { default: join(process.cwd(), '.parley', 'storage') }),
    s3:
      driver === 's3'
        ? {
            endpoint: read.url('S3_ENDPOINT', ['http', 'https'], { default: `https://s3.${region}.amazonaws.com` }),
            bucket: read.string('S3_BUCKET'),
            region,
            accessKeyId: read.string('S3_ACCESS_KEY_ID'),
            secretAccessKey: read.string('S3_SECRET_ACCESS_KEY'),
            forcePathStyle: read.bool('S3_FORCE_PATH_STYLE', { default: false }),
          }
        : null,
    urlSecret: read.string('ATTACHMENT_URL_SECRET', { required: options.signsLinks }),
    urlTtlSeconds: read.int('ATTACHMENT_URL_TTL_SECONDS', { default: 3600, min: 60, max: 7 * 24 * 3600 }),
  };
  if (config.urlSecret && config.urlSecret.length < 16)
    read.report('ATTACHMENT_URL_SECRET: must be at least 16 characters');
  read.assertValid(service);
  return config;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
export const STORAGE_CONFIG = Symbol('STORAGE_CONFIG');

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.driver === 's3' && config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.directory);
}
