#!/usr/bin/env node
/**
 * Derives the compact Metro Manila barangay boundary file the market map serves
 * (apps/api/data/ncr-barangay-boundaries.json.gz) from the low-resolution 2023 boundaries
 * (faeldon/philippines-json-maps, MIT; PSA/NAMRIA): keeps each barangay's polygon(s) with coordinates
 * rounded to 5 decimals (about 1 m), repeated points dropped, and only two properties, `adm4_psgc`
 * (the 2023 PSGC code, as text) and `name`. Deterministic: the same input gives the same bytes.
 *
 *   npm run market:ncr-boundaries -- [input.geojson] [--out file.json.gz]
 *
 * Default input ../shared/data/geo/ncr-barangays-2023-lowres.geojson (relative to the repository root).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
export const DEFAULT_INPUT = path.resolve(repo, '..', 'shared', 'data', 'geo', 'ncr-barangays-2023-lowres.geojson');
export const DEFAULT_OUTPUT = path.resolve(here, '..', 'data', 'ncr-barangay-boundaries.json.gz');

const r5 = (v) => Math.round(v * 1e5) / 1e5;

function ring(points) {
  const out = [];
  for (const [x, y] of points) {
    const p = [r5(x), r5(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out.length >= 4 ? out : null;
}

function polygon(rings) {
  const out = rings.map(ring).filter(Boolean);
  return out.length && rings[0] && ring(rings[0]) ? out : null;
}

/** The compact FeatureCollection of a boundary FeatureCollection (pure; exported for the test). */
export function compactBoundaries(input) {
  if (!input || input.type !== 'FeatureCollection' || !Array.isArray(input.features)) {
    throw new Error('input must be a GeoJSON FeatureCollection');
  }
  const features = [];
  for (const f of input.features) {
    const code = f.properties?.adm4_psgc;
    const name = f.properties?.adm4_en;
    if (code === undefined || code === null || !f.geometry) continue;
    let geometry = null;
    if (f.geometry.type === 'Polygon') {
      const p = polygon(f.geometry.coordinates);
      if (p) geometry = { type: 'Polygon', coordinates: p };
    } else if (f.geometry.type === 'MultiPolygon') {
      const ps = f.geometry.coordinates.map(polygon).filter(Boolean);
      if (ps.length) geometry = ps.length === 1 ? { type: 'Polygon', coordinates: ps[0] } : { type: 'MultiPolygon', coordinates: ps };
    }
    if (!geometry) continue;
    features.push({ type: 'Feature', properties: { adm4_psgc: String(code).padStart(10, '0'), name: String(name ?? '') }, geometry });
  }
  features.sort((a, b) => a.properties.adm4_psgc.localeCompare(b.properties.adm4_psgc));
  return { type: 'FeatureCollection', features };
}

function main(argv) {
  let input = DEFAULT_INPUT;
  let out = DEFAULT_OUTPUT;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log('Usage: npm run market:ncr-boundaries -- [input.geojson] [--out file.json.gz]');
      return;
    }
    if (argv[i] === '--out') {
      if (!argv[i + 1]) throw new Error('--out needs a file path');
      out = path.resolve(argv[++i]);
    } else input = path.resolve(argv[i]);
  }
  const compact = compactBoundaries(JSON.parse(readFileSync(input, 'utf8')));
  // mtime 0 in the gzip header (zlib writes none): the same input gives the same bytes
  writeFileSync(out, gzipSync(Buffer.from(JSON.stringify(compact)), { level: 9 }));
  console.log(`Wrote ${compact.features.length} barangay boundaries to ${path.relative(process.cwd(), out)}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
