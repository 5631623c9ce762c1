import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const VITE_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'vite.config.ts');
const VITE_BIN = path.join(path.dirname(createRequire(VITE_CONFIG).resolve('vite/package.json')), 'bin', 'vite.js');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/**
 * A real `vite build` of a one-file app with the app's own source-map setting and its
 * move-source-maps-out plugin (taken from vite.config.ts), in a child process: esbuild does not run
 * under jsdom.
 */
describe('the production build keeps source maps private', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tahanan-web-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves no .map file and no sourceMappingURL comment in dist, and the maps in the folder beside it', () => {
    const outDir = path.join(root, 'dist');
    const mapsDir = path.join(root, 'dist-sourcemaps');
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.ts"></script>');
    writeFileSync(path.join(root, 'main.ts'), 'const secret: string = "from-the-source";\ndocument.body.dataset.x = secret;\n');
    writeFileSync(
      path.join(root, 'vite.config.mjs'),
      [
        `import app from ${JSON.stringify(VITE_CONFIG)};`,
        "const plugin = app.plugins.flat().find((p) => p && p.name === 'move-source-maps-out');",
        "if (!plugin) throw new Error('vite.config.ts has no move-source-maps-out plugin');",
        `export default { plugins: [plugin], build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, sourcemap: app.build.sourcemap } };`,
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [VITE_BIN, 'build', root, '--config', path.join(root, 'vite.config.mjs'), '--logLevel', 'error'], {
      encoding: 'utf8',
      env: { ...process.env, WEB_SOURCEMAPS_DIR: mapsDir },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });

    const published = files(outDir);
    expect(published.some((f) => f.endsWith('.js'))).toBe(true);
    expect(published.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const f of published.filter((name) => /\.(js|css)$/.test(name))) {
      expect({ file: f, mapComment: readFileSync(path.join(outDir, f), 'utf8').includes('sourceMappingURL') }).toEqual({ file: f, mapComment: false });
    }
    const maps = files(mapsDir);
    expect(maps.length).toBeGreaterThan(0);
    expect(maps.every((f) => f.endsWith('.map'))).toBe(true);
    expect(readFileSync(path.join(mapsDir, maps[0]), 'utf8')).toContain('from-the-source');
  }, 60_000);
});
