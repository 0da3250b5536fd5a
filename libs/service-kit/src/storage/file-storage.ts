import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where attachments live: a local directory here, an object store elsewhere, behind one interface. */
export interface FileStorage {
  /** Stores the stream under `key`; stops (and removes what was written) past `maxBytes`. */
  put(key: string, source: Readable, maxBytes: number): Promise<number>;
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a deleted account's files). */
  removeAll(prefix: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
  }
}

/** Passes a stream through and counts it, so a driver learns the size and stops at the limit while streaming. */
export class SizeLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(this.bytes > this.maxBytes ? new FileTooLargeError(this.maxBytes) : null, chunk);
  }
}

/** Keys are relative paths of safe characters, so a key can never leave the storage directory. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9._-]+)*$/;

export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
  }

  async put(key: string, source: Readable, maxBytes: number): Promise<number> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const counter = new SizeLimit(maxBytes);
    try {
      await pipeline(source, counter, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return counter.bytes;
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  private path(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  }
}
