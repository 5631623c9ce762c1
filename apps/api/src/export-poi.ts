import path from 'node:path';
import { exportPoiFile, PoiImportError } from './modules/nearby/osm-poi-importer';
import { POI_CATEGORIES } from './modules/nearby/osm-categories';

const USAGE = `Usage: npm run export:poi -- <in.osm.pbf | overpass.json> <out.poi.ndjson> --date YYYY-MM-DD [--source TEXT]

Reads an OpenStreetMap PBF extract or an Overpass [out:json] answer with the importer's reader and
category rules (osm-categories.ts) and writes only the places it would import, as compact NDJSON: a
header line (format, "© OpenStreetMap contributors", ODbL, source, data date, counts) and one line per
place (OSM type and id, categories, name, lat, lng, the tags the rules looked at). The importer
(npm run import:poi) and the start-up loader read that file. No database is needed. See docs/nearby-data.md.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') {
      console.error(USAGE);
      return 0;
    }
    if (a === '--date' || a === '--source') {
      if (i + 1 >= args.length) break;
      options[a.slice(2)] = args[++i];
    } else positional.push(a);
  }
  if (positional.length !== 2 || !options.date) {
    console.error(USAGE);
    return 2;
  }
  const [input, output] = positional.map((p) => path.resolve(p));
  const { header, skippedWithoutLocation } = await exportPoiFile(input, output, {
    dataDate: options.date,
    source: options.source ?? path.basename(input),
  });
  const width = Math.max(...POI_CATEGORIES.map((c) => c.length));
  console.log(`Wrote ${header.features} places to ${output}.`);
  for (const category of POI_CATEGORIES) console.log(`  ${category.padEnd(width)}  ${header.byCategory[category]}`);
  if (skippedWithoutLocation) console.log(`Skipped ${skippedWithoutLocation} places without a location.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof PoiImportError ? `Export failed: ${err.message}` : err);
    process.exit(1);
  },
);
