import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { FileTooLargeError } from './file-storage';
import { S3FileStorage } from './s3-file-storage';
import { signatureV4 } from './sigv4';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', region: 'eu-west-1' };

/** A tiny stand-in for an S3 endpoint that checks every request's signature and keeps objects in memory. */
function fakeS3(): Promise<{ server: Server; url: string; objects: Map<string, Buffer>; rejected: string[] }> {
  const objects = new Map<string, Buffer>();
  const rejected: string[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const signed = ['host', 'x-amz-content-sha256', 'x-amz-date', ...(request.headers['content-length'] ? ['content-length'] : [])];
    const headers = Object.fromEntries(signed.filter((name) => request.headers[name] !== undefined).map((name) => [name, String(request.headers[name])]));
    const expected = signatureV4({ method: request.method!, path: request.url!, headers, payloadHash: 'UNSIGNED-PAYLOAD' }, { ...credentials, service: 's3' });
    if (request.headers.authorization !== expected) {
      rejected.push(request.url!);
      response.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = decodeURIComponent(request.url!);
    if (request.method === 'PUT') objects.set(key, Buffer.concat(chunks));
    if (request.method === 'DELETE') objects.delete(key);
    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-length': String(object.length) }).end(object);
    }
    response.writeHead(200).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${address.port}`, objects, rejected });
    }),
  );
}

describe('S3FileStorage', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let storage: S3FileStorage;

  beforeAll(async () => {
    s3 = await fakeS3();
    storage = new S3FileStorage({ endpoint: s3.url, bucket: 'parley-files', forcePathStyle: true, ...credentials });
  });

  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('stores, reads and removes objects with signed requests', async () => {
    const size = await storage.put('7/abc/photo one.png', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 1024);
    expect(size).toBe(11);
    expect(s3.objects.get('/parley-files/7/abc/photo one.png')?.toString()).toBe('hello world');
    const file = await storage.open('7/abc/photo one.png');
    expect(file?.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello world');
    await storage.remove('7/abc/photo one.png');
    expect(await storage.open('7/abc/photo one.png')).toBeNull();
    expect(s3.rejected).toEqual([]);
  });

  it('refuses a file over the limit without uploading it', async () => {
    await expect(storage.put('7/big', Readable.from([Buffer.alloc(2048)]), 1024)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(s3.objects.has('/parley-files/7/big')).toBe(false);
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    const wrong = new S3FileStorage({ endpoint: s3.url, bucket: 'parley-files', forcePathStyle: true, ...credentials, secretAccessKey: 'wrong' });
    await expect(wrong.put('7/x', Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(/S3 refused to store 7\/x: 403/);
  });
});
