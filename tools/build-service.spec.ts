import type { ProjectGraph } from '@nx/devkit';
import { projectsToCompile } from './build-service';

function graph(projects: Record<string, { tags?: string[]; imports: string[] }>): ProjectGraph {
  return {
    nodes: Object.fromEntries(
      Object.entries(projects).map(([name, { tags }]) => [
        name,
        { name, type: name.startsWith('app') ? 'app' : 'lib', data: { root: name, tags } },
      ]),
    ),
    dependencies: Object.fromEntries(
      Object.entries(projects).map(([name, { imports }]) => [
        name,
        imports.map((target) => ({ source: name, target, type: 'static' })),
      ]),
    ),
  };
}

describe('projectsToCompile', () => {
  it('takes the libraries an app reaches through other libraries, each once', () => {
    const projects = graph({
      app: { imports: ['kit', 'rules', 'npm:pg'] },
      kit: { imports: ['contracts'] },
      rules: { imports: ['contracts'] },
      contracts: { imports: [] },
      unused: { imports: [] },
      other: { imports: ['app'] },
    });
    expect(projectsToCompile(projects, 'app')).toEqual(['app', 'kit', 'rules', 'contracts']);
  });

  it('leaves out test helpers, which only spec files import', () => {
    const projects = graph({
      app: { imports: ['kit', 'testing'] },
      kit: { imports: [] },
      testing: { tags: ['type:testing'], imports: ['kit', 'fixtures'] },
      fixtures: { imports: [] },
    });
    expect(projectsToCompile(projects, 'app')).toEqual(['app', 'kit']);
  });
});
