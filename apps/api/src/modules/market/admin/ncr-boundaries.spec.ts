import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { NCR_BOUNDARIES_FILE, ncrBoundaries } from './market-map.service';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'ncr-barangay-boundaries.mjs');
const SOURCE = path.resolve(__dirname, '..', '..', '..', '..', '..', '..', '..', 'shared', 'data', 'geo', 'ncr-barangays-2023-lowres.geojson');

describe('npm run market:ncr-boundaries (the compact Metro Manila boundary file)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ncr-boundaries-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (input: string, out: string) => execFileSync(process.execPath, [SCRIPT, input, '--out', out], { encoding: 'utf8' });

  it('keeps the code (as 10-digit text) and the name, rounds to 5 decimals, drops repeated points and features without a shape', () => {
    const input = path.join(dir, 'in.geojson');
    const ring = [
      [121.000001, 14.500004],
      [121.000002, 14.500001],
      [121.01, 14.5],
      [121.01, 14.51],
      [121.000001, 14.500004],
    ];
    writeFileSync(
      input,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { adm4_psgc: 1381300001, adm4_en: 'B', area_km2: 1, geo_level: 'Bgy' } },
          { type: 'Feature', geometry: null, properties: { adm4_psgc: 1381300002, adm4_en: 'No shape' } },
          { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] }, properties: { adm4_psgc: 1380100001, adm4_en: 'A' } },
        ],
      }),
    );
    const out = path.join(dir, 'out.json.gz');
    expect(run(input, out)).toMatch(/Wrote 2 barangay boundaries/);
    const fc = JSON.parse(gunzipSync(readFileSync(out)).toString('utf8'));
    expect(fc.features.map((f: { properties: unknown }) => f.properties)).toEqual([
      { adm4_psgc: '1380100001', name: 'A' },
      { adm4_psgc: '1381300001', name: 'B' },
    ]);
    expect(fc.features[1].geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [121, 14.5],
          [121.01, 14.5],
          [121.01, 14.51],
          [121, 14.5],
        ],
      ],
    });
    expect(fc.features[0].geometry.type).toBe('MultiPolygon');
    // deterministic: the same input gives the same bytes
    const again = path.join(dir, 'again.json.gz');
    run(input, again);
    expect(readFileSync(again).equals(readFileSync(out))).toBe(true);
  });

  (existsSync(SOURCE) ? it : it.skip)('derives the committed file byte for byte from the shipped source', () => {
    const out = path.join(dir, 'ncr.json.gz');
    run(SOURCE, out);
    expect(readFileSync(out).equals(readFileSync(NCR_BOUNDARIES_FILE))).toBe(true);
  });

  it('the API reads the committed file: Metro Manila barangays, no City of Manila', async () => {
    const features = await ncrBoundaries();
    expect(features.length).toBeGreaterThan(800);
    expect(features.every((f) => /^13\d{8}$/.test(f.properties.adm4_psgc) && f.properties.name)).toBe(true);
    expect(features.some((f) => f.properties.adm4_psgc.startsWith('13806'))).toBe(false);
  });
});
