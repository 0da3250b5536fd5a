import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { contractSchemas, PROGRAM_OPTIONS, render, schemaOf } from './generate-contract-schemas';

/** The schema of type `Probe` declared in `source`. */
function schemaOfProbe(source: string) {
  const directory = mkdtempSync(join(tmpdir(), 'contract-schemas-'));
  try {
    const file = join(directory, 'probe.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], PROGRAM_OPTIONS);
    const checker = program.getTypeChecker();
    const declaration = program
      .getSourceFile(file)!
      .statements.find(
        (statement) =>
          (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
          statement.name.text === 'Probe',
      )!;
    return schemaOf(checker, checker.getTypeAtLocation((declaration as ts.InterfaceDeclaration).name));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('schemaOf', () => {
  it('states required and optional properties, nullable primitives, and literals as their JSON type', () => {
    expect(
      schemaOfProbe(`const Kinds = { a: 'x.a', b: 'x.b' } as const;
      interface Probe { id: number; name?: string; note: string | null; kind: (typeof Kinds)[keyof typeof Kinds]; on: boolean }`),
    ).toEqual({
      type: 'object',
      properties: {
        id: { type: 'number' },
        name: { type: 'string' },
        note: { type: ['null', 'string'] },
        kind: { type: 'string' },
        on: { type: 'boolean' },
      },
      required: ['id', 'note', 'kind', 'on'],
    });
  });

  it('stops at a recursive generic instead of expanding it forever', () => {
    const schema = schemaOfProbe('interface Wrap<T> { inner: Wrap<{ value: T }> }\ntype Probe = Wrap<number>');
    expect(JSON.stringify(schema).length).toBeLessThan(2_000);
  });

  it('follows arrays, records, intersections and Omit, and accepts anything for unknown and recursion', () => {
    expect(
      schemaOfProbe(`interface Tree { child: Tree | null }
      interface Base { a: number; b: string }
      type Probe = Omit<Base, 'b'> & { tags: string[]; extra: Record<string, unknown>; node: Tree; any: unknown }`),
    ).toEqual({
      type: 'object',
      properties: {
        a: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        extra: { type: 'object', properties: {}, additionalProperties: {} },
        node: { type: 'object', properties: { child: {} }, required: ['child'] },
        any: {},
      },
      required: ['a', 'tags', 'extra', 'node', 'any'],
    });
  });
});

describe('the generated contract schemas', () => {
  it('are what the contracts say now', () => {
    const root = join(__dirname, '..');
    expect(readFileSync(join(root, 'libs/contracts/src/contract.schemas.ts'), 'utf8')).toBe(
      render(contractSchemas(root)),
    );
  }, 60_000);
});
