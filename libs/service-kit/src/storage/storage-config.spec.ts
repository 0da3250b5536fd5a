import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import type * as StorageConfigModule from './storage-config';
import type { StorageConfig } from './storage-config';

const local: StorageConfig = {
  driver: 'local',
  directory: '/tmp/parley-unused',
  s3: null,
  urlSecret: '',
  urlTtlSeconds: 3600,
};

describe('createFileStorage', () => {
  it('loads the AWS SDK only when an S3 driver is first used', async () => {
    const server = createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const loaded: string[] = [];
    try {
      await jest.isolateModulesAsync(async () => {
        for (const name of ['@aws-sdk/client-s3', '@aws-sdk/lib-storage']) {
          jest.doMock(name, () => {
            loaded.push(name);
            return jest.requireActual(name);
          });
        }
        const { createFileStorage } = jest.requireActual<typeof StorageConfigModule>('./storage-config');
        createFileStorage(local);
        const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        const s3 = createFileStorage({
          ...local,
          driver: 's3',
          s3: {
            endpoint,
            bucket: 'b',
            region: 'eu-west-1',
            accessKeyId: 'k',
            secretAccessKey: 's',
            forcePathStyle: true,
          },
        });
        expect(loaded).toEqual([]);
        await s3.put('7/x', Readable.from([Buffer.from('x')]), 10);
        expect(loaded.sort()).toEqual(['@aws-sdk/client-s3', '@aws-sdk/lib-storage']);
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
