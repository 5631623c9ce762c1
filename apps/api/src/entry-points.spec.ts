import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Entry points that boot or drive the whole app (main.ts, the importers, the seed) live here, beside
 * main.ts; a module never imports the root module (app.module.ts). Tests that boot the whole app do it
 * through test/test-app.ts.
 */

const SRC = __dirname;
const MODULES_DIR = path.join(SRC, 'modules');
const APP_MODULE = path.join(SRC, 'app.module');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The relative modules a source file imports (import, export … from, import(), require(), jest.mock()), as paths without extension. */
function importedPaths(file: string, source: string): string[] {
  const re = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
  return [...source.matchAll(re)].map((m) => path.resolve(path.dirname(file), m[1]).replace(/\.(ts|js)$/, ''));
}

describe('entry points and the root module', () => {
  it('reads the imports it checks', () => {
    const file = path.join(MODULES_DIR, 'users', 'x.ts');
    const source = [
      "import { AppModule } from '../../app.module';",
      "import type { AppModule as A } from \"../../app.module.js\";",
      "export * from '../../app.module';",
      "const m = require('../../app.module');",
      "jest.mock('../../app.module');",
      "void import('../../app.module');",
      "import '../../app.module';",
      "import { UsersService } from './users.service';",
    ].join('\n');
    const imported = importedPaths(file, source);
    expect(imported.filter((p) => p === APP_MODULE)).toHaveLength(7);
    expect(imported).toContain(path.join(MODULES_DIR, 'users', 'users.service'));
  });

  it('no file under src/modules imports app.module (specs included)', () => {
    const offenders = tsFiles(MODULES_DIR)
      .filter((file) => importedPaths(file, readFileSync(file, 'utf8')).includes(APP_MODULE))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('the scripts of the root package.json run entry points beside main.ts, never a file inside a module', () => {
    const { scripts } = JSON.parse(readFileSync(path.resolve(SRC, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const run = Object.entries(scripts).flatMap(([name, script]) =>
      [...script.matchAll(/node (apps\/api\/dist\/\S+\.js)/g)].map((m) => ({ name, file: m[1] })),
    );
    expect(run.map((r) => r.name)).toEqual(expect.arrayContaining(['import:places', 'places:compact-centroids', 'import:poi', 'export:poi', 'seed']));
    const inside = run.filter((r) => r.file.startsWith('apps/api/dist/modules/'));
    expect(inside).toEqual([]);
    for (const { file } of run) {
      const source = path.join(SRC, path.relative('apps/api/dist', file).replace(/\.js$/, '.ts'));
      expect(readFileSync(source, 'utf8').length).toBeGreaterThan(0);
    }
  });
});
