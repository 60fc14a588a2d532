/**
 * The layers of docs/architecture.md, held by the imports themselves: each rule names a folder and the
 * folders it may not import from. A rule broken here is a dependency pointing the wrong way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);

/** Every relative import of every source file under `folder`, as paths relative to src/. */
function importsUnder(folder: string): Array<{ file: string; target: string }> {
  const files = (readdirSync(join(SRC, folder), { recursive: true }) as string[])
    .map((f) => join(folder, f))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  return files.flatMap((file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => ({
      file,
      target: relative(SRC, normalize(join(SRC, dirname(file), m[1]!))),
    }));
  });
}

const BOTTOM_FLOOR = ['errors.ts', 'urn.ts', 'json.ts', 'actors.ts', 'rawJson.ts', 'limits.ts', 'sealing.ts', 'slices.ts'];

const RULES: Array<{ folder: string; mayNotImport: string[] }> = [
  { folder: 'auth', mayNotImport: ['domains/', 'write/', 'api/', 'cli/'] },
  { folder: 'registry', mayNotImport: ['domains/', 'write/', 'api/', 'auth/', 'store/', 'cli/'] },
  // Pure: aspects in, search rows, edges and browse paths out.
  { folder: 'indexing', mayNotImport: ['store/', 'domains/', 'write/', 'api/', 'auth/', 'cli/'] },
  { folder: 'store', mayNotImport: ['domains/', 'write/', 'api/', 'auth/', 'cli/'] },
  { folder: 'write', mayNotImport: ['domains/', 'api/', 'cli/'] },
  { folder: 'domains', mayNotImport: ['api/', 'cli/'] },
  // The edge sees services (domains/services.ts ApiServices), never the store or the write path.
  { folder: 'api', mayNotImport: ['store/', 'write/', 'cli/'] },
];

describe('layers', () => {
  for (const { folder, mayNotImport } of RULES) {
    it(`${folder}/ imports nothing from ${mayNotImport.join(', ')}`, () => {
      const imports = importsUnder(folder);
      expect(imports.length).toBeGreaterThan(0);
      const upward = imports.filter(({ target }) => mayNotImport.some((p) => target.startsWith(p)));
      expect(upward.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
    });
  }

  it('the bottom floor imports only itself', () => {
    for (const file of BOTTOM_FLOOR) {
      const text = readFileSync(join(SRC, file), 'utf8');
      const targets = [...text.matchAll(/from\s*'(\.{1,2}\/[^']+)'/g)].map((m) => relative(SRC, normalize(join(SRC, m[1]!))));
      expect(
        targets.filter((t) => !BOTTOM_FLOOR.includes(t.replace(/\.js$/, '.ts'))),
        file,
      ).toEqual([]);
    }
  });
});
