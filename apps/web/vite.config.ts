/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

type Arcs = number | Arcs[];
interface Topology {
  type: 'Topology';
  objects: Record<string, { type: string; geometries: { id?: string | number; arcs?: Arcs }[] }>;
  arcs: number[][][];
  [key: string]: unknown;
}

/** Keeps one country of a world-atlas countries topology, with only the arcs it uses (renumbered). */
export function pruneCountries(topology: Topology, id: string): Topology {
  const geometries = topology.objects.countries.geometries.filter((g) => String(g.id) === id);
  const index = new Map<number, number>();
  const arcs: number[][][] = [];
  const remap = (a: Arcs): Arcs => {
    if (Array.isArray(a)) return a.map(remap);
    const old = a < 0 ? ~a : a; // a negative index is the arc reversed
    let next = index.get(old);
    if (next === undefined) {
      next = arcs.length;
      index.set(old, next);
      arcs.push(topology.arcs[old]);
    }
    return a < 0 ? ~next : next;
  };
  return {
    ...topology,
    objects: {
      countries: { type: 'GeometryCollection', geometries: geometries.map((g) => ({ ...g, arcs: g.arcs && remap(g.arcs) })) },
    },
    arcs,
  };
}

/**
 * The map draws only the Philippines (id 608) from world-atlas' 1:50m countries TopoJSON: ship that
 * country alone (still TopoJSON, still read with topojson-client) instead of the whole 750 kB world.
 */
function philippinesOnlyAtlas(): Plugin {
  return {
    name: 'philippines-only-atlas',
    enforce: 'pre',
    transform(code, id) {
      if (!/world-atlas[\\/]countries-50m\.json$/.test(id.split('?')[0])) return null;
      return { code: JSON.stringify(pruneCountries(JSON.parse(code) as Topology, '608')), map: null };
    },
  };
}

const CSS_VARS_THEME_STUB = '\0mui-theme-without-css-variables';

/**
 * MUI's `createTheme` builds a CSS-variables theme (`createThemeWithVars`, ~5 kB gzip with its helpers)
 * only when given `cssVariables`; ours (apps/web/src/app/theme.ts) has none, but the import is static, so
 * every page would carry it (MUI's default theme calls `createTheme` too). This resolves that one import of
 * `createTheme.js` to a function that says what to change: a theme with CSS variables needs this plugin removed.
 */
export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createThemeWithVars.js' && importer && /@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/.test(importer)) {
        return CSS_VARS_THEME_STUB;
      }
      return null;
    },
    load(id) {
      if (id !== CSS_VARS_THEME_STUB) return null;
      return [
        'export default function createThemeWithVars() {',
        "  throw new Error('createTheme({ cssVariables }) is not built into this app: remove muiThemeWithoutCssVariables() from apps/web/vite.config.ts to use CSS variables');",
        '}',
      ].join('\n');
    },
  };
}

const OWN_RESELECT = '?own-copy';

/**
 * Redux Toolkit (in vendor-core, on every page) and MUI X's stores (@base-ui/utils, under the admin
 * console's data grid and charts) both import reselect. One module is one chunk, tree-shaken to the union
 * of what both use: the console's lruMemoize would ride in the first download. This gives @base-ui/utils
 * its own copy (the same file under another id), which stays with the console's chunks.
 */
export function ownReselectForBaseUi(): Plugin {
  return {
    name: 'own-reselect-for-base-ui',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'reselect' || !importer || !/[\\/]@base-ui[\\/]utils[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${OWN_RESELECT}` } : null;
    },
  };
}

/** Where a production build leaves its source maps: beside dist, never inside the folder the API serves. */
export const SOURCE_MAPS_DIR = process.env.WEB_SOURCEMAPS_DIR ?? fileURLToPath(new URL('./dist-sourcemaps', import.meta.url));

/**
 * With `sourcemap: 'hidden'` the bundles carry no sourceMappingURL comment; this then moves every
 * `*.map` out of the output folder into `target` (same relative paths, emptied first), so the maps
 * can go to an error-reporting service but are never published with the app.
 */
export function moveSourceMapsOut(target: string = SOURCE_MAPS_DIR): Plugin {
  let outDir = '';
  return {
    name: 'move-source-maps-out',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      rmSync(target, { recursive: true, force: true });
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const from = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(from);
          else if (entry.name.endsWith('.map')) {
            const to = path.join(target, path.relative(outDir, from));
            mkdirSync(path.dirname(to), { recursive: true });
            try {
              renameSync(from, to);
            } catch {
              copyFileSync(from, to); // another file system
              unlinkSync(from);
            }
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), philippinesOnlyAtlas(), muiThemeWithoutCssVariables(), ownReselectForBaseUi(), moveSourceMapsOut()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Shared domain constants, compiled from source (no build step for the web app).
      '@app/domain': fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      // realtime messaging: socket.io on the same origin, websocket transport only
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Terser rather than esbuild: ~6 kB gzip less on the first page's JS alone (3.5%, same code, two
    // compress passes); the build takes ~15 s longer.
    minify: 'terser',
    // safari10: Vite turns on terser's Safari 10 workarounds, for a browser its build target (Safari 16+) excludes
    terserOptions: { compress: { passes: 2 }, safari10: false },
    // maps for error reporting only: no sourceMappingURL in the bundles, the files moved to dist-sourcemaps/
    sourcemap: 'hidden',
    rollupOptions: {
      treeshake: {
        // @emotion/react imports hoist-non-react-statics (CommonJS) for its side effects only, for `withTheme`,
        // which the app does not use: without this the module (and its own react-is) stays in every page.
        moduleSideEffects: (id) => !/node_modules[\\/]hoist-non-react-statics[\\/]/.test(id),
      },
      output: {
        // Page chunks are named by their hash alone: the entry lists every lazy chunk's file for preloading,
        // and the names ("ChatBubbleOutline-…") cost 0.8 kB gzip of the first download at 116 chunks (more
        // with every page). The source maps (dist-sourcemaps/) still say what each one holds. Seven hash
        // characters (42 bits; Rollup's least for this many chunks) instead of eight take ~0.1 kB gzip off
        // the entry's list, which hashes fill with bytes gzip cannot shrink.
        chunkFileNames: (chunk) => (chunk.name.startsWith('vendor-') ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js'),
        // Long-lived vendor chunks, so an app release does not invalidate them.
        manualChunks(id) {
          if (!id.includes('node_modules') || id.endsWith(OWN_RESELECT)) return undefined;
          // MUI and its icons are not one chunk: each page loads the components it uses, and the first
          // page only those of the app shell (apps/web/src/vite-build.test.ts keeps that under budget).
          // React, React Router and Redux Toolkit: every page needs all three before it renders, so they are one
          // file (one request, and 0.5 kB less gzip than two); they change only with their upgrades.
          if (/node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@reduxjs|redux|react-redux|immer|reselect)[\\/]/.test(id)) {
            return 'vendor-core';
          }
          if (/[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/.test(id)) return 'vendor-map';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 15000,
  },
});
