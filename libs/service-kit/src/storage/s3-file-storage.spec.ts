import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { FileTooLargeError } from './file-storage';
import { S3FileStorage } from './s3-file-storage';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', region: 'eu-west-1' };
const MiB = 1024 * 1024;

interface FakeS3 {
  server: Server;
  url: string;
  /** Stored objects by request path (`/bucket/key`, decoded). */
  objects: Map<string, Buffer>;
  /** Multipart uploads neither completed nor aborted, by upload id. */
  pending: Map<string, Map<number, Buffer>>;
  /** `Operation /bucket/key` for every accepted request. */
  calls: string[];
  hosts: Set<string>;
  rejected: string[];
}

function operationOf(method: string, query: URLSearchParams): string {
  if (method === 'POST') return query.has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
  if (method === 'PUT') return query.has('partNumber') ? 'UploadPart' : 'PutObject';
  if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
  if (method === 'GET' && query.get('list-type') === '2') return 'ListObjectsV2';
  return method === 'GET' ? 'GetObject' : 'Unsupported';
}

function fail(response: ServerResponse, status: number, code: string): void {
  response
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

/** A tiny S3-compatible endpoint: it wants a SigV4 authorization from the known key and keeps objects in memory. */
function fakeS3(): Promise<FakeS3> {
  const state = {
    objects: new Map<string, Buffer>(),
    pending: new Map<string, Map<number, Buffer>>(),
    calls: [] as string[],
    hosts: new Set<string>(),
    rejected: [] as string[],
  };
  let nextUpload = 1;
  const handle = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const url = new URL(request.url!, 'http://fake');
    const key = decodeURIComponent(url.pathname);
    const authorization = request.headers.authorization ?? '';
    if (
      !authorization.startsWith('AWS4-HMAC-SHA256 ') ||
      !authorization.includes(`Credential=${credentials.accessKeyId}/`)
    ) {
      state.rejected.push(key);
      return fail(response, 403, 'InvalidAccessKeyId');
    }
    // Streaming checksummed bodies are what many S3-compatible servers cannot read.
    if (request.headers['content-encoding']?.includes('aws-chunked')) return fail(response, 501, 'NotImplemented');
    const operation = operationOf(request.method!, url.searchParams);
    state.calls.push(`${operation} ${key}`);
    state.hosts.add(request.headers.host!);
    const uploadId = url.searchParams.get('uploadId') ?? '';
    const parts = state.pending.get(uploadId);
    switch (operation) {
      case 'PutObject':
        state.objects.set(key, body);
        return response.writeHead(200, { etag: '"object"' }).end();
      case 'CreateMultipartUpload': {
        const id = `upload-${nextUpload++}`;
        state.pending.set(id, new Map());
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<InitiateMultipartUploadResult><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
          );
      }
      case 'UploadPart': {
        if (!parts) return fail(response, 404, 'NoSuchUpload');
        const number = Number(url.searchParams.get('partNumber'));
        parts.set(number, body);
        return response.writeHead(200, { etag: `"part-${number}"` }).end();
      }
      case 'CompleteMultipartUpload': {
        if (!parts) return fail(response, 404, 'NoSuchUpload');
        const listed = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) =>
          Number(match[1]),
        );
        if (listed.length === 0 || listed.some((number) => !parts.has(number)))
          return fail(response, 400, 'InvalidPart');
        state.objects.set(key, Buffer.concat(listed.map((number) => parts.get(number)!)));
        state.pending.delete(uploadId);
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(`<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"object"</ETag></CompleteMultipartUploadResult>`);
      }
      case 'AbortMultipartUpload':
        state.pending.delete(uploadId);
        return response.writeHead(204).end();
      case 'GetObject': {
        const object = state.objects.get(key);
        if (!object) return fail(response, 404, 'NoSuchKey');
        return response.writeHead(200, { 'content-length': String(object.length) }).end(object);
      }
      case 'ListObjectsV2': {
        // Two keys a page, so listing must follow the continuation token.
        const bucket = `${key.replace(/\/$/, '')}/`;
        const keys = [...state.objects.keys()]
          .filter((stored) => stored.startsWith(bucket + (url.searchParams.get('prefix') ?? '')))
          .map((stored) => stored.slice(bucket.length))
          .sort();
        const from = Number(url.searchParams.get('continuation-token') ?? 0);
        const page = keys.slice(from, from + 2);
        const more = from + 2 < keys.length;
        const contents = page.map((listed) => `<Contents><Key>${listed}</Key></Contents>`).join('');
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<ListBucketResult><IsTruncated>${more}</IsTruncated>${contents}${more ? `<NextContinuationToken>${from + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
          );
      }
      case 'DeleteObject':
        // Some S3-compatible servers answer NoSuchKey where S3 answers 204.
        if (!state.objects.delete(key)) return fail(response, 404, 'NoSuchKey');
        return response.writeHead(204).end();
      default:
        return fail(response, 501, 'NotImplemented');
    }
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    handle(request, response, Buffer.concat(chunks));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${address.port}`, ...state });
    }),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The buffer as a stream of `size`-byte chunks, the way an upload arrives. */
function chunked(data: Buffer, size: number): Readable {
  return Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, index) =>
      data.subarray(index * size, (index + 1) * size),
    ),
  );
}

describe('S3FileStorage', () => {
  let s3: FakeS3;
  let storage: S3FileStorage;
  const callsFor = (key: string) =>
    s3.calls.filter((call) => call.endsWith(` /parley-files/${key}`)).map((call) => call.split(' ')[0]);

  beforeAll(async () => {
    s3 = await fakeS3();
    storage = new S3FileStorage({ endpoint: s3.url, bucket: 'parley-files', forcePathStyle: true, ...credentials });
  });

  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('stores, reads and removes a small file with one signed PutObject', async () => {
    const size = await storage.put(
      '7/abc/photo one.png',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      1024,
    );
    expect(size).toBe(11);
    expect(s3.objects.get('/parley-files/7/abc/photo one.png')?.toString()).toBe('hello world');
    const file = await storage.open('7/abc/photo one.png');
    expect(file?.size).toBe(11);
    expect((await readAll(file!.stream)).toString()).toBe('hello world');
    await storage.remove('7/abc/photo one.png');
    expect(await storage.open('7/abc/photo one.png')).toBeNull();
    expect(callsFor('7/abc/photo one.png')).toEqual(['PutObject', 'GetObject', 'DeleteObject', 'GetObject']);
    expect(s3.rejected).toEqual([]);
  });

  it('streams a large file as a multipart upload and reads it back whole', async () => {
    const data = randomBytes(12 * MiB + 123);
    expect(await storage.put('7/large.bin', chunked(data, 64 * 1024), 20 * MiB)).toBe(data.length);
    expect(callsFor('7/large.bin')).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    expect(s3.objects.get('/parley-files/7/large.bin')?.equals(data)).toBe(true);
    const file = await storage.open('7/large.bin');
    expect(file?.size).toBe(data.length);
    expect((await readAll(file!.stream)).equals(data)).toBe(true);
    expect(s3.pending.size).toBe(0);
  });

  it('addresses the bucket in the path when asked to', () => {
    expect([...s3.hosts]).toEqual([new URL(s3.url).host]);
    expect(s3.calls.every((call) => call.split(' ')[1].startsWith('/parley-files/'))).toBe(true);
  });

  it('answers null for a missing key, and removes a missing key quietly', async () => {
    expect(await storage.open('7/never-stored')).toBeNull();
    await expect(storage.remove('7/never-stored')).resolves.toBeUndefined();
  });

  it('refuses a file over the limit without uploading it', async () => {
    await expect(storage.put('7/big', Readable.from([Buffer.alloc(2048)]), 1024)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(s3.objects.has('/parley-files/7/big')).toBe(false);
    expect(callsFor('7/big')).toEqual([]);
  });

  it('aborts a multipart upload that passes the limit, leaving no object and no parts', async () => {
    const data = randomBytes(8 * MiB);
    await expect(storage.put('7/too-big.bin', chunked(data, MiB), 6 * MiB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(callsFor('7/too-big.bin')).toContain('AbortMultipartUpload');
    expect(callsFor('7/too-big.bin')).not.toContain('CompleteMultipartUpload');
    expect(s3.objects.has('/parley-files/7/too-big.bin')).toBe(false);
    expect(s3.pending.size).toBe(0);
  });

  it("passes on the source's own failure and stores nothing", async () => {
    const broken = new Error('client went away');
    const source = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw broken;
      })(),
    );
    await expect(storage.put('7/broken', source, 1024)).rejects.toBe(broken);
    expect(s3.objects.has('/parley-files/7/broken')).toBe(false);
  });

  it('removes every file under a prefix (listed page by page), and nothing beside it', async () => {
    for (const key of ['9/a/one.png', '9/b/two.pdf', '9/c/three.txt', '90/other.png'])
      await storage.put(key, Readable.from([Buffer.from(key)]), 1024);
    await storage.removeAll('9');
    expect([...s3.objects.keys()].filter((key) => key.startsWith('/parley-files/9'))).toEqual([
      '/parley-files/90/other.png',
    ]);
    await expect(storage.removeAll('9')).resolves.toBeUndefined();
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    const wrong = new S3FileStorage({
      endpoint: s3.url,
      bucket: 'parley-files',
      forcePathStyle: true,
      ...credentials,
      accessKeyId: 'AKIDWRONG',
    });
    await expect(wrong.put('7/x', Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(
      /S3 refused to store 7\/x: 403/,
    );
    await expect(wrong.open('7/x')).rejects.toThrow(/S3 could not read 7\/x: 403/);
    await expect(wrong.remove('7/x')).rejects.toThrow(/S3 could not delete 7\/x: 403/);
    expect(s3.objects.has('/parley-files/7/x')).toBe(false);
  });
});
