import { lineCount, oversizedFolders } from './check-feature-size';

describe('oversizedFolders', () => {
  it('names a folder holding more than a third of a service over 3,000 lines', () => {
    const files = [
      { path: 'cards/cards.service.ts', lines: 1_500 },
      { path: 'notes/notes.service.ts', lines: 1_300 },
      { path: 'migrations/1-init.ts', lines: 1_100 },
      { path: 'app.module.ts', lines: 100 },
    ];
    expect(oversizedFolders(files)).toEqual([
      'cards/ holds 1500 of 4000 lines (38 %, more than a third): split it by use case',
    ]);
  });

  it('accepts a folder of exactly a third, and any share in a service of 3,000 lines or fewer', () => {
    expect(
      oversizedFolders([
        { path: 'a/a.service.ts', lines: 1_100 },
        { path: 'b/b.service.ts', lines: 2_200 },
      ]),
    ).toEqual(['b/ holds 2200 of 3300 lines (67 %, more than a third): split it by use case']);
    expect(
      oversizedFolders([
        { path: 'a/a.service.ts', lines: 1_100 },
        { path: 'b/b.service.ts', lines: 1_100 },
        { path: 'c/c.service.ts', lines: 1_100 },
      ]),
    ).toEqual([]);
    expect(
      oversizedFolders([
        { path: 'a/a.service.ts', lines: 2_900 },
        { path: 'main.ts', lines: 100 },
      ]),
    ).toEqual([]);
  });

  it('leaves specs out of both the folder and the total, and counts nested files in their top-level folder', () => {
    const files = [
      { path: 'conversations/persistence/conversation.row.ts', lines: 1_000 },
      { path: 'conversations/conversations.service.ts', lines: 500 },
      { path: 'conversations/status.rules.spec.ts', lines: 5_000 },
      { path: 'messages/messages.service.ts', lines: 2_000 },
      { path: 'inboxes/inboxes.service.ts', lines: 1_000 },
    ];
    expect(oversizedFolders(files)).toEqual([
      'messages/ holds 2000 of 4500 lines (44 %, more than a third): split it by use case',
    ]);
  });
});

describe('lineCount', () => {
  it('counts a last line without its newline too', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
  });
});
