import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalFileStorage } from './file-storage';

describe('LocalFileStorage.removeAll', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'parley-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes every file under the prefix and nothing beside it; again, nothing happens', async () => {
    for (const key of ['kanban/9/a/one.png', 'kanban/9/b/two.pdf', 'kanban/90/other.png', '9/three.txt'])
      await storage.put(key, Readable.from([Buffer.from(key)]), 1024);
    await storage.removeAll('kanban/9');
    expect(await readdir(join(root, 'kanban'))).toEqual(['90']);
    expect(await storage.open('9/three.txt')).not.toBeNull();
    await expect(storage.removeAll('kanban/9')).resolves.toBeUndefined();
  });

  it('refuses a prefix that would leave the storage directory', async () => {
    await expect(storage.removeAll('..')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.removeAll('')).rejects.toThrow(/Unsafe storage key/);
  });
});
