import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A feature folder stays small enough to find a use case in (docs/service-template.md): in a
 * service of more than 3,000 lines, no top-level folder of its `src/` holds more than a third of
 * them. Lines are the lines of the non-spec `.ts` files; the total counts every one of them
 * (files at the root of `src/` and `migrations/` included), and every top-level folder
 * (`migrations/` and `read-models/` included) is measured against it.
 */
export const SMALL_SERVICE_LINES = 3_000;

export interface SourceFile {
  /** Path relative to the service's `src/`. */
  path: string;
  lines: number;
}

/** The file's lines (a last line without its newline counts too). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Each top-level folder above a third of a service of more than 3,000 lines, as a sentence. */
export function oversizedFolders(files: SourceFile[]): string[] {
  const counted = files.filter((file) => !file.path.endsWith('.spec.ts'));
  const total = counted.reduce((sum, file) => sum + file.lines, 0);
  if (total <= SMALL_SERVICE_LINES) return [];
  const byFolder = new Map<string, number>();
  for (const file of counted) {
    const parts = file.path.split('/');
    if (parts.length > 1) byFolder.set(parts[0], (byFolder.get(parts[0]) ?? 0) + file.lines);
  }
  return [...byFolder]
    .filter(([, lines]) => lines * 3 > total)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([folder, lines]) =>
        `${folder}/ holds ${lines} of ${total} lines (${Math.round((lines / total) * 100)} %, more than a third): split it by use case`,
    );
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

if (require.main === module) {
  const appsDir = join(process.cwd(), 'apps');
  let failed = false;
  for (const app of readdirSync(appsDir)) {
    const srcDir = join(appsDir, app, 'src');
    const files = filesUnder(srcDir).map((path) => ({
      path: relative(srcDir, path),
      lines: lineCount(readFileSync(path, 'utf8')),
    }));
    for (const problem of oversizedFolders(files)) {
      failed = true;
      process.stderr.write(`apps/${app}: ${problem}\n`);
    }
  }
  if (failed) process.exit(1);
}
