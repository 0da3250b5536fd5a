import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cyclesIn, fileGraph } from './check-feature-graph';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('cyclesIn', () => {
  it('finds nothing when dependencies point one way', () => {
    expect(cyclesIn(graph({ messages: ['conversations'], conversations: ['inboxes'], inboxes: [] }))).toEqual([]);
  });

  it('names the features of each cycle, direct or through others', () => {
    expect(cyclesIn(graph({ messages: ['conversations'], conversations: ['messages'] }))).toEqual([
      ['conversations', 'messages'],
    ]);
    expect(cyclesIn(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
  });
});

describe('fileGraph', () => {
  it('counts type-only imports, so a cycle made of them is found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'file-graph-'));
    try {
      mkdirSync(join(dir, 'evaluation'));
      writeFileSync(join(dir, 'evaluation', 'rule.service.ts'), "import { RunLog } from './run-log.writer';\n");
      writeFileSync(join(dir, 'evaluation', 'run-log.writer.ts'), "import type { Trigger } from './rule.service';\n");
      writeFileSync(join(dir, 'evaluation', 'rule.service.spec.ts'), "import { Rule } from './rule.service';\n");
      expect(cyclesIn(fileGraph(dir))).toEqual([['evaluation/rule.service.ts', 'evaluation/run-log.writer.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
