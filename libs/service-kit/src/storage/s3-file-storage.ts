import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { FileTooLargeError, type FileStorage } from './file-storage';
import { amzDate, encodeRfc3986, signatureV4 } from './sigv4';

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

const UNSIGNED = 'UNSIGNED-PAYLOAD';

/**
 * Files in an S3-compatible bucket, signed with Signature V4. An upload is spooled to a
 * temporary file first: S3 wants the length up front, and the limit is checked on the way.
 */
export class S3FileStorage implements FileStorage {
  constructor(private readonly config: S3Config) {}

  async put(key: string, source: Readable, maxBytes: number): Promise<number> {
    const directory = await mkdtemp(join(tmpdir(), 'parley-upload-'));
    const spool = join(directory, 'file');
    try {
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(size > maxBytes ? new FileTooLargeError(maxBytes) : null, chunk);
        },
      });
      await pipeline(source, counter, createWriteStream(spool));
      const length = (await stat(spool)).size;
      const response = await this.request('PUT', key, {
        body: Readable.toWeb(createReadStream(spool)) as unknown as RequestInit['body'],
        headers: { 'content-length': String(length) },
      });
      if (!response.ok) throw new Error(`S3 refused to store ${key}: ${response.status} ${await response.text()}`);
      return length;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const response = await this.request('GET', key);
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`S3 could not read ${key}: ${response.status}`);
    return { stream: Readable.fromWeb(response.body as unknown as WebReadableStream), size: Number(response.headers.get('content-length') ?? 0) };
  }

  async remove(key: string): Promise<void> {
    const response = await this.request('DELETE', key);
    if (!response.ok && response.status !== 404) throw new Error(`S3 could not delete ${key}: ${response.status}`);
  }

  private request(method: string, key: string, options: { body?: RequestInit['body']; headers?: Record<string, string> } = {}): Promise<Response> {
    const endpoint = new URL(this.config.endpoint);
    const encodedKey = key.split('/').map(encodeRfc3986).join('/');
    const host = this.config.forcePathStyle ? endpoint.host : `${this.config.bucket}.${endpoint.host}`;
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    const path = this.config.forcePathStyle ? `${basePath}/${encodeRfc3986(this.config.bucket)}/${encodedKey}` : `${basePath}/${encodedKey}`;
    const headers: Record<string, string> = {
      host,
      'x-amz-date': amzDate(new Date()),
      'x-amz-content-sha256': UNSIGNED,
      ...options.headers,
    };
    headers.authorization = signatureV4(
      { method, path, headers, payloadHash: UNSIGNED },
      { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey, region: this.config.region, service: 's3' },
    );
    const { host: _host, ...sent } = headers;
    return fetch(`${endpoint.protocol}//${host}${path}`, {
      method,
      headers: sent,
      body: options.body,
      ...(options.body ? { duplex: 'half' } : {}),
    } as RequestInit);
  }
}
