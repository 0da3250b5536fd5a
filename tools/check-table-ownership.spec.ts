import { declaredTables, ownershipProblems } from './check-table-ownership';

const files = (entries: Record<string, string>) => Object.entries(entries).map(([path, text]) => ({ path, text }));

const owned = {
  'identity/persistence/user.row.ts': '/** @owns kanban.users */\nexport interface UserRow {}',
  'funnels/persistence/stage.row.ts': '/** @owns kanban.stages, kanban.stage_counters */\nexport interface StageRow {}',
  'migrations/1-init.ts': 'CREATE TABLE kanban.stages (); CREATE TABLE IF NOT EXISTS "kanban"."stage_counters" ();',
};

describe('declaredTables', () => {
  it('reads @owns tags', () => {
    const owners = declaredTables('kanban', files(owned));
    expect([...owners.keys()].sort()).toEqual(['kanban.stage_counters', 'kanban.stages', 'kanban.users']);
    expect(owners.get('kanban.stages')).toEqual(new Set(['funnels']));
  });
});

describe('ownershipProblems', () => {
  it('accepts a feature using its own tables and another feature through its loader', () => {
    const problems = ownershipProblems(
      'kanban',
      files({
        ...owned,
        'funnels/funnels.loader.ts': "export const Q = 'SELECT key FROM kanban.stages';",
        'cards/card-moves.service.ts': "import { FunnelsLoader } from '../funnels/funnels.loader';",
        'cards/card-moves.spec.ts': "const q = 'SELECT * FROM kanban.stages';",
      }),
    );
    expect(problems).toEqual([]);
  });

  it("refuses an import of another feature's persistence/, types included", () => {
    const problems = ownershipProblems(
      'kanban',
      files({
        ...owned,
        'cards/cards.service.ts': "import type { StageRow } from '../funnels/persistence/stage.row';",
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining("cards/cards.service.ts: imports funnels's funnels/persistence/stage.row"),
    ]);
  });

  it("refuses SQL naming another feature's table", () => {
    const problems = ownershipProblems(
      'kanban',
      files({
        ...owned,
        'cards/card-moves.service.ts': "tx.query('SELECT key FROM kanban.stages WHERE funnel_id = $1')",
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining('cards/card-moves.service.ts: SQL names kanban.stages, a table of funnels'),
    ]);
  });

  it("lets a hot-path statement embed the condition its owner exports, never the owner's table by name", () => {
    const problems = ownershipProblems(
      'kanban',
      files({
        ...owned,
        'funnels/funnels.loader.ts':
          'export const stagesOf = (p: string) => `SELECT key FROM kanban.stages WHERE funnel_id = ${p}`;',
        'cards/card-queries.query.ts':
          "import { stagesOf } from '../funnels/funnels.loader';\nconst q = `SELECT * FROM kanban.cards WHERE stage_key IN (${stagesOf('$1')})`;",
      }),
    );
    expect(problems).toEqual([]);
  });

  it('names a table no feature declares and a table two features declare', () => {
    const problems = ownershipProblems(
      'kanban',
      files({
        ...owned,
        'cards/persistence/card.row.ts': '/** @owns kanban.stages */',
        'migrations/2-more.ts': 'CREATE TABLE kanban.orphans ();',
      }),
    );
    expect(problems).toEqual([
      'kanban.stages is declared by more than one feature: cards, funnels',
      expect.stringContaining('kanban.orphans (created in migrations/2-more.ts) is declared by no feature'),
    ]);
  });
});
