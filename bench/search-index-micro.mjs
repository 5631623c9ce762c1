// Times ListingSearchIndex alone (no HTTP, no database) on N synthetic listings:
//   npm run build:api && node bench/search-index-micro.mjs [--count 1000000]
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { values: args } = parseArgs({ options: { count: { type: 'string', default: '1000000' }, module: { type: 'string' } } });
// --module: another build of the index to time (e.g. main's, copied before a change)
const { ListingSearchIndex } = require(args.module ?? '../apps/api/dist/modules/listings/search-index/listing-search-index.js');
const N = Number(args.count);
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const WORDS = Array.from({ length: 5000 }, (_, i) => `w${i}`);
const KINDS = ['condominium', 'house_and_lot', 'townhouse', 'apartment', 'lot', 'office', 'commercial_space', 'warehouse'];
const t0 = performance.now();
const index = new ListingSearchIndex(1024);
for (let i = 0; i < N; i++) {
  const sale = rand() < 0.6;
  index.put({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, createdAt: 1.7e15 + i * 1000, name: `listing ${Math.floor(rand() * 1e6)}`,
    price: sale ? Math.round(rand() * 2e7) : Math.round(rand() * 1e5), currency: 'PHP', lotSize: null, floorSize: rand() * 200,
    bedrooms: Math.floor(rand() * 5), bathrooms: Math.floor(rand() * 3), parkingSlots: null, type: 'residential', offer: sale ? 'sale' : 'rent',
    kind: KINDS[Math.floor(rand() * KINDS.length)], furnishing: null, status: 'active', tags: sale ? ['for sale'] : ['for rent'], verified: false, rating: 0,
    lat: 5 + rand() * 14, lng: 117 + rand() * 9, ownerId: `o${i % 5000}`, cityCode: String(1000000000 + Math.floor(rand() * 1600)), cityName: 'City',
    barangayCode: String(2000000000 + Math.floor(rand() * 40000)),
    lexemes: Array.from({ length: 20 }, () => WORDS[Math.floor(Math.pow(rand(), 3) * WORDS.length)]),
  });
}
console.log(`built ${N} in ${Math.round(performance.now() - t0)} ms; heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
// each shape warmed up first (the JIT's first calls of a new shape run several times slower)
const time = (label, fn, runs = 20) => {
  for (let i = 0; i < runs * 2; i++) fn();
  const t = performance.now();
  for (let i = 0; i < runs; i++) fn();
  console.log(`${label.padEnd(40)} ${((performance.now() - t) / runs).toFixed(2)} ms`);
};
const newest = { field: 'createdAt', direction: 'desc' };
time('search {} newest', () => index.search({}, null, newest, 10, 0));
time('search {} price asc', () => index.search({}, null, { field: 'price', direction: 'asc' }, 10, 0));
time('search {} name asc', () => index.search({}, null, { field: 'name', direction: 'asc' }, 10, 0), 5);
time('search offer=sale kind newest', () => index.search({ offer: ['sale'], kind: ['condominium'] }, null, newest, 10, 0));
time('search word w0 (common)', () => index.search({}, [['w0']], newest, 10, 0));
time('search words w0 & w1', () => index.search({}, [['w0'], ['w1']], newest, 10, 0));
time('search city', () => index.search({ city: ['1000000007'] }, null, newest, 10, 0));
time('search box 0.5°', () => index.search({ bounds: { south: 10, north: 10.5, west: 120, east: 120.5 } }, null, newest, 10, 0));
time('search box 2°', () => index.search({ bounds: { south: 10, north: 12, west: 120, east: 122 } }, null, newest, 10, 0));
time('search price 1M-10M newest', () => index.search({ price: { min: 1e6, max: 1e7 } }, null, newest, 10, 0));
time('search sale + price 2M-5M, price asc', () => index.search({ offer: ['sale'], price: { min: 2e6, max: 5e6 } }, null, { field: 'price', direction: 'asc' }, 10, 0));
time('search word w3 + price 0-50k', () => index.search({ price: { min: 0, max: 5e4 } }, [['w3']], newest, 10, 0));
time('search city + word w0', () => index.search({ city: ['1000000007'] }, [['w0']], newest, 10, 0));
time('count {}', () => index.count({}, null));
// the sidebar counted afresh each time (facets() remembers an answer until the next change)
time('sidebar counted: {}', () => index.countFacets({}, null), 5);
time('sidebar counted: offer=rent', () => index.countFacets({ offer: ['rent'] }, null), 5);
time('sidebar counted: word w0', () => index.countFacets({}, [['w0']]), 5);
time('sidebar counted: word w40', () => index.countFacets({}, [['w40']]), 5);
time('sidebar counted: rent + 2 bedrooms', () => index.countFacets({ offer: ['rent'], bedrooms: { min: 2 } }, null), 5);
time('facets {}', () => index.facets({}, null), 5);
time('facets offer=rent', () => index.facets({ offer: ['rent'] }, null), 5);
time('clusters box 2° level 6', () => index.clusters({ bounds: { south: 10, north: 12, west: 120, east: 122 } }, null, 6));
// the map's clusters counted afresh (clusters() remembers an answer until the next change)
const country = { south: 4, north: 21.5, west: 116, east: 127 };
time('clusters counted: country, level 8', () => index.countClusters({ bounds: country }, null, 8), 5);
time('clusters counted: country + rent, level 8', () => index.countClusters({ bounds: country, offer: ['rent'] }, null, 8), 5);
time('clusters counted: 2° box + word w0, level 6', () => index.countClusters({ bounds: { south: 10, north: 12, west: 120, east: 122 }, }, [['w0']], 6), 5);
