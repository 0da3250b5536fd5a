import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileNameProblems, misnamedClasses, readRoles } from './check-file-names';

describe('check-file-names', () => {
  const template = `# T\n\n## File roles\n\nServices (\`apps/<service>/src\`):\n- \`service\` — use cases (Service)\n- \`rules\` — pure functions\n\nGateway (\`apps/gateway/src\`):\n- \`dto\` — bodies (Dto, Query or Body)\n\n## Next\n- \`ignored\` — not a role (X)\n`;

  it('reads the roles and their class suffixes from the template', () => {
    const roles = readRoles(template);
    expect([...roles.service.keys()]).toEqual(['service', 'rules']);
    expect(roles.service.get('service')!.classSuffixes).toEqual(['Service']);
    expect(roles.service.get('rules')!.classSuffixes).toEqual([]);
    expect(roles.gateway.get('dto')!.classSuffixes).toEqual(['Dto', 'Query', 'Body']);
  });

  it('names exported classes that lack their role suffix', () => {
    const role = { name: 'service', classSuffixes: ['Service'] };
    expect(
      misnamedClasses(
        'export class RunsService {}\nexport class Runner {}\nclass Local {}\nexport abstract class BaseService {}',
        role,
      ),
    ).toEqual(['Runner']);
  });

  it('refuses a template without the section', () => {
    expect(() => readRoles('# nothing here')).toThrow('File roles');
  });

  it('finds nothing to say about the tree as it is', () => {
    const root = join(__dirname, '..');
    expect(readFileSync(join(root, 'docs', 'service-template.md'), 'utf8')).toContain('## File roles');
    expect(fileNameProblems(root)).toEqual([]);
  });
});
