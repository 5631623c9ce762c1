#!/usr/bin/env node
// Prints EXPLAIN ANALYZE of the statements the API runs for each benchmarked search shape (the page
// and the total), built by the real repository code. Run `npm run build` first.
//
//   node bench/explain-search.mjs --database postgres://postgres@127.0.0.1:5432/tahanan_bench
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: { database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench' } },
});
const { openDatabase } = require('../libs/db/dist/index.js');
const { ListingsRepository, boxValues } = require('../apps/api/dist/modules/listings/listings.repository.js');
const { parseListingFilters } = require('../apps/api/dist/modules/listings/listing-search.js');

const handle = await openDatabase({ url: args.database, poolSize: 1 });
const repo = new ListingsRepository(handle.db);
const client = new pg.Client({ connectionString: args.database });
await client.connect();
const city = (await client.query(`select city_code from listings group by city_code order by count(*) desc limit 1`)).rows[0].city_code;
const makati = (await client.query(`select code from places where level = 'city' and name ilike '%makati%' limit 1`)).rows[0]?.code ?? city;
const centre = (await client.query(`select lat, lng from listings where city_code = $1 limit 1`, [city])).rows[0];

const shapes = {
  'text + city + type + price, newest first': {
    filters: { fuzzySearch: 'condo', match: { city: [city], type: ['residential'], price: { min: 20000, max: 20000000 } } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
  'rent + condominium + Makati + at least 2 bedrooms, newest first': {
    filters: { match: { offer: 'rent', kind: ['condominium'], city: [makati], bedrooms: { min: 2 } } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
  'rent (the Buy / Rent switch alone), newest first': {
    filters: { match: { offer: 'rent' } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
  'rent + condominium + at least 2 bedrooms (no city), newest first': {
    filters: { match: { offer: 'rent', kind: ['condominium'], bedrooms: { min: 2 } } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
  'text + rent + condominium + busiest city + at least 2 bedrooms, newest first': {
    filters: { fuzzySearch: 'condo', match: { offer: 'rent', kind: ['condominium'], city: [city], bedrooms: { min: 2 } } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
  'map bounding box, newest first': {
    filters: { bounds: { north: centre.lat + 0.02, south: centre.lat - 0.02, east: centre.lng + 0.02, west: centre.lng - 0.02 } },
    sort: [{ field: 'createdAt', direction: 'desc' }],
  },
};

// the statements the API runs: a text search reads its page's ids by walking the city index when
// matches are common there, by one GIN scan when rare (both shown), then the ten listings by id (a
// statement prepared once: primary key lookups), its total separately (cached); a map box reads its
// page cell by cell from the grid index, with its total, in one statement
for (const [name, shape] of Object.entries(shapes)) {
  const filters = parseListingFilters(shape.filters);
  const viewer = { isAdmin: false };
  const statements = filters.bounds
    ? {
        'page by grid cells, with total': () => repo.boxByGridCells(boxValues(filters, repo.gridCellsOf(filters, viewer, shape.sort, 10), 10, 0)),
        'page by the GiST index, with total (a zoomed-out map, or a box with other filters)': () =>
          repo.searchQueries(filters, viewer, shape.sort, 10, 0, 'walk').pageWithTotal(),
      }
    : {
        'page ids, walking': () => repo.searchQueries(filters, viewer, shape.sort, 10, 0, 'walk').ids(),
        'page ids, GIN scan': () => repo.searchQueries(filters, viewer, shape.sort, 10, 0, 'gin').ids(),
        total: () => repo.searchQueries(filters, viewer, shape.sort, 10, 0, 'walk').total(),
      };
  for (const [part, build] of Object.entries(statements)) {
    const { sql, params } = build().toSQL();
    const plan = await client.query(`explain (analyze, buffers, costs off) ${sql}`, params);
    console.log(`\n### ${name}: ${part}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
  }
}
await client.end();
await handle.close();
