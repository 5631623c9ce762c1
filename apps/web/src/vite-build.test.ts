import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const VITE_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'vite.config.ts');
const VITE_BIN = path.join(path.dirname(createRequire(VITE_CONFIG).resolve('vite/package.json')), 'bin', 'vite.js');

/**
 * Runs `vite build` in a child process and waits for it without blocking: a synchronous spawn would
 * stall this worker's event loop for the whole build (about a minute on a slow machine), long enough for
 * Vitest's 60 s RPC timeout on the test's own progress report ("Timeout calling onTaskUpdate") to fire.
 */
function viteBuild(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE_BIN, 'build', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

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

  it('leaves no .map file and no sourceMappingURL comment in dist, and the maps in the folder beside it', async () => {
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
    const run = await viteBuild([root, '--config', path.join(root, 'vite.config.mjs'), '--logLevel', 'error'], { ...process.env, WEB_SOURCEMAPS_DIR: mapsDir });
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

/** The JavaScript a first visit must download before the app starts, in kB (1,000 bytes) gzip. */
const INITIAL_JS_BUDGET_KB = 170;

/**
 * A real production build of the app: the entry script of index.html and every chunk it
 * modulepreloads (its static imports) must stay within the budget, gzip-compressed as the server
 * sends them. Pulling a big vendor chunk or a feature into the entry fails this.
 */
describe('the first page stays light', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tahanan-web-app-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`loads at most ${INITIAL_JS_BUDGET_KB} kB gzip of JavaScript up front, without the map, socket.io, the realtime client, messaging or the pages' API`, async () => {
    const outDir = path.join(root, 'dist');
    const run = await viteBuild(
      [path.dirname(VITE_CONFIG), '--config', VITE_CONFIG, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      // NODE_ENV is "test" under vitest: a build with it would bundle React's development code
      { ...process.env, NODE_ENV: 'production', WEB_SOURCEMAPS_DIR: path.join(root, 'maps') },
    );
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });

    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(0);
    const initial = urls.map((url) => {
      const code = readFileSync(path.join(outDir, url.replace(/^\//, '')));
      return { url, code: code.toString('utf8'), gzipKb: gzipSync(code).length / 1000 };
    });
    const total = initial.reduce((sum, f) => sum + f.gzipKb, 0);
    const listing = initial.map((f) => `${f.url}: ${f.gzipKb.toFixed(1)} kB gzip`).join(', ');
    expect(total, `initial JS ${total.toFixed(1)} kB gzip (${listing})`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    // what belongs to later pages stays out of the first download
    for (const f of initial) {
      expect({ url: f.url, leaflet: f.code.includes('leaflet-container') }).toEqual({ url: f.url, leaflet: false });
      expect({ url: f.url, socketIo: f.code.includes('engine.io') }).toEqual({ url: f.url, socketIo: false });
    }
    // code that loads later, each known by a text of its own: in the build, not in the first download
    const later = {
      'the realtime client (members only)': 'io server disconnect',
      'the messaging controller (members only)': 'Could not mark the messages read',
      "the pages' endpoints (generated.ts)": '/api/listing/search',
      'the toasts': 'data-toast-type',
    };
    const built = readdirSync(path.join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(path.join(outDir, 'assets', name), 'utf8'));
    for (const [what, text] of Object.entries(later)) {
      expect({ what, built: built.some((code) => code.includes(text)) }).toEqual({ what, built: true });
      expect({ what, upFront: initial.some((f) => f.code.includes(text)) }).toEqual({ what, upFront: false });
    }
    expect(urls.some((u) => /vendor-(mui|map)/.test(u))).toBe(false);
  }, 300_000);
});
