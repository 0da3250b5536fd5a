import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { SizeLimit, type FileStorage } from './file-storage';

export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com, or an S3-compatible server's URL. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
}

/** S3's smallest part. Parts sit in memory while they go up: two in flight keep an upload near 15 MiB. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

type ClientModule = typeof import('@aws-sdk/client-s3');
type UploadModule = typeof import('@aws-sdk/lib-storage');

interface Connection {
  sdk: ClientModule;
  storage: UploadModule;
  client: S3Client;
}

/**
 * Files in an S3-compatible bucket through the AWS SDK. Uploads stream: one PutObject when the
 * file fits in a part, a multipart upload otherwise. The SDK is loaded on first use, so services
 * on the local driver never pay for it.
 */
export class S3FileStorage implements FileStorage {
  private connection: Promise<Connection> | null = null;

  constructor(private readonly config: S3Config) {}

  async put(key: string, source: Readable, maxBytes: number): Promise<number> {
    const { storage, client } = await this.connect().catch((error: unknown) => {
      source.destroy();
      throw error;
    });
    const counter = new SizeLimit(maxBytes);
    // A body failure (the limit passed, the source broken) makes the upload send
    // AbortMultipartUpload, when parts went up, before `done()` rejects: no object, no stray parts.
    let bodyError: unknown = null;
    counter.on('error', (error) => (bodyError ??= error));
    const upload = new storage.Upload({
      client,
      params: { Bucket: this.config.bucket, Key: key, Body: counter },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    const feeding = pipeline(source, counter).catch(() => undefined);
    try {
      await upload.done();
      return counter.bytes;
    } catch (error) {
      if (error === bodyError) throw error;
      throw new Error(`S3 refused to store ${key}: ${describe(error)}`, { cause: error });
    } finally {
      // Closes the source too when the upload stopped reading early.
      counter.destroy();
      await feeding;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new Error(`S3 could not read ${key}: ${describe(error)}`, { cause: error });
    }
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw new Error(`S3 could not delete ${key}: ${describe(error)}`, { cause: error });
    }
  }

  /**
   * Lists the first page under the prefix and deletes it, until none is left: no continuation
   * token to go stale while its keys go (deleted one by one: DeleteObjects is missing on some
   * S3-compatible servers).
   */
  async removeAll(prefix: string): Promise<void> {
    const { sdk, client } = await this.connect();
    for (;;) {
      const page = await client
        .send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: `${prefix}/` }))
        .catch((error: unknown) => {
          throw new Error(`S3 could not list ${prefix}/: ${describe(error)}`, { cause: error });
        });
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length === 0) return;
      for (const key of keys) await this.remove(key);
    }
  }

  private connect(): Promise<Connection> {
    this.connection ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([sdk, storage]) => ({
        sdk,
        storage,
        client: new sdk.S3Client({
          endpoint: this.config.endpoint,
          region: this.config.region,
          credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
          forcePathStyle: this.config.forcePathStyle,
          // Checksums only where S3 demands them: many S3-compatible servers reject the newer defaults.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      }),
    );
    return this.connection;
  }
}

interface ServiceError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** NoSuchKey, or a 404 without it from servers that send no error body; a missing bucket stays an error. */
function isMissing(error: unknown): boolean {
  const failure = error as ServiceError;
  if (failure?.name === 'NoSuchBucket') return false;
  return failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
}

function describe(error: unknown): string {
  const failure = error as ServiceError;
  return `${failure?.$metadata?.httpStatusCode ?? 'no response'} ${failure?.name ?? 'Error'}: ${failure?.message ?? String(error)}`;
}
