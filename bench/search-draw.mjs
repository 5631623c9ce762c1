// What a user of the search page asks for, drawn at random: the draw logic of bench/search-realistic.mjs,
// kept free of I/O so it can be read (and tested) on its own. The bodies follow the web's
// apps/web/src/features/listings/search-state.ts: toSearchBody (POST /api/listing/search) and the
// sidebar's facet body, toFilterBody with the price left out (POST /api/listing/filter).

/** The web's SORT_OPTIONS values (apps/web/src/features/listings/search-state.ts), with how often each is picked. */
export const SORTS = [
  ['-createdAt', 62], // the default, "Latest"
  ['createdAt', 4],
  ['name', 4],
  ['-name', 2],
  ['price', 16],
  ['-price', 12],
];

/** Pages 1-5: most people stay on the first. */
export const PAGES = [
  [1, 70],
  [2, 14],
  [3, 8],
  [4, 5],
  [5, 3],
];

/** The words of the generator's names and descriptions (bench/generate-listings.mjs), as people type them. */
export const COMMON_WORDS = [
  ['condo', 14], ['condo unit', 4], ['house', 10], ['house and lot', 8], ['townhouse', 8], ['apartment', 8],
  ['lot', 6], ['residential lot', 3], ['office', 5], ['office space', 3], ['retail', 3], ['retail space', 2],
  ['warehouse', 3], ['farm', 2], ['farm lot', 2], ['property', 2], ['unit', 2],
  ['near schools', 1], ['near malls', 1], ['transport', 1], ['well kept', 1],
];

/** Words people type that no generated listing has (the search then falls back to similar words, or finds nothing). */
export const RARE_WORDS = [
  'penthouse', 'studio', 'loft', 'bungalow', 'duplex', 'beachfront', 'pool', 'garden', 'view', 'rooftop',
  'foreclosed', 'rfo', 'pre-selling', 'dormitory', 'bedspace', 'resort', 'boarding house', 'commercial building',
];

/** A deterministic PRNG (mulberry32) from a 32-bit seed. */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    /** From [[value, weight], ...]. */
    weighted: (pairs) => {
      let total = 0;
      for (const [, w] of pairs) total += w;
      let r = next() * total;
      for (const [v, w] of pairs) if ((r -= w) < 0) return v;
      return pairs[pairs.length - 1][0];
    },
  };
}

/** A picker over many items by weight (binary search over cumulative weights). */
export function weightedTable(items, weightOf) {
  const cum = new Float64Array(items.length);
  let total = 0;
  items.forEach((it, i) => (cum[i] = total += weightOf(it)));
  return (rng) => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

/** A typo of a word: a letter dropped, doubled, swapped with the next, or replaced by its keyboard neighbour. */
export function typo(rng, word) {
  const letters = [...word];
  const at = rng.int(0, Math.max(0, letters.length - 2));
  if (!/[a-z]/i.test(letters[at])) return word + 's';
  const neighbours = { a: 's', e: 'r', i: 'o', o: 'i', u: 'y', n: 'm', m: 'n', s: 'a', t: 'r', r: 't', l: 'k', h: 'j', c: 'v', d: 'f' };
  switch (rng.int(0, 3)) {
    case 0: letters.splice(at, 1); break;
    case 1: letters.splice(at, 0, letters[at]); break;
    case 2: [letters[at], letters[at + 1]] = [letters[at + 1] ?? letters[at], letters[at]]; break;
    default: letters[at] = neighbours[letters[at].toLowerCase()] ?? letters[at];
  }
  const out = letters.join('');
  return out === word ? word.slice(1) : out;
}

/** A round price, two significant digits (₱35,000, ₱4,500,000). */
function roundPrice(n) {
  const mag = 10 ** Math.max(3, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / mag) * mag;
}

/**
 * Draws search states and turns them into the web's bodies.
 *
 * places: barangays with listings, [{ code, name, cityCode, cityName, n, lat, lng }] (n: listings there).
 * domain: libs/domain (PRICE_BANDS, LISTING_KINDS, KIND_TYPE, FURNISHINGS, LISTING_TAGS, LISTING_TYPES).
 * salt: 1-999, this run's own key space: added in pesos to free price ranges and in centavos to the price
 *   bands' bounds, so no two runs with different salts send the same priced body (and the API's count
 *   cache, keyed by the body's filters, cannot answer from an earlier run).
 */
export function createDrawer({ rng, places, domain, salt }) {
  if (!places.length) throw new Error('no barangay has listings');
  const pickBarangay = weightedTable(places, (p) => p.n);
  const cityMap = new Map();
  for (const p of places) {
    const c = cityMap.get(p.cityCode) ?? { code: p.cityCode, name: p.cityName, n: 0, barangays: [] };
    c.n += p.n;
    c.barangays.push(p);
    cityMap.set(p.cityCode, c);
  }
  const cities = [...cityMap.values()];
  const pickCity = weightedTable(cities, (c) => c.n);
  const tagChoices = domain.LISTING_TAGS.filter((t) => t !== 'for sale' && t !== 'for rent');
  const cents = salt / 100;

  /** A word or phrase as typed in the search box, and what kind of text it is. */
  function drawText() {
    const roll = rng.next();
    if (roll < 0.5) return { text: rng.weighted(COMMON_WORDS), kind: 'word' };
    if (roll < 0.62) return { text: pickCity(rng).name, kind: 'cityname' };
    if (roll < 0.7) return { text: pickBarangay(rng).name, kind: 'brgyname' };
    if (roll < 0.82) {
      const b = pickBarangay(rng);
      return { text: `${rng.weighted(COMMON_WORDS)} ${rng.chance(0.7) ? b.cityName : b.name}`.toLowerCase(), kind: 'word-place' };
    }
    if (roll < 0.9) return { text: rng.pick(RARE_WORDS), kind: 'rare' };
    // a typo of a common word, a city or a barangay
    const base = rng.chance(0.6) ? rng.weighted(COMMON_WORDS) : rng.chance(0.6) ? pickCity(rng).name : pickBarangay(rng).name;
    return { text: typo(rng, base.toLowerCase()), kind: 'typo' };
  }

  /** A map view: a square box, 0.005° (a street) to 2° (a region) on a side, log-uniform, around a listing's location. */
  function drawBounds() {
    const b = pickBarangay(rng);
    const side = 0.005 * Math.pow(400, rng.next());
    const lat = b.lat + (rng.next() - 0.5) * 0.01;
    const lng = b.lng + (rng.next() - 0.5) * 0.01;
    const r = (n) => Math.round(n * 1e5) / 1e5; // the web's roundBounds
    return { north: r(lat + side / 2), south: r(lat - side / 2), east: r(lng + side / 2), west: r(lng - side / 2) };
  }

  function drawPrice(offer) {
    const roll = rng.next();
    if (roll < 0.33) {
      // one of the seven bands (rent looks at the low ones, sale at the high ones)
      const weights = offer === 'rent' ? [30, 35, 20, 10, 3, 1, 1] : offer === 'sale' ? [2, 2, 3, 6, 12, 40, 35] : [8, 10, 10, 10, 12, 26, 24];
      const band = rng.weighted(domain.PRICE_BANDS.map((b, i) => [b, weights[i]]));
      return { min: band.min === 0 ? 0 : band.min - cents, max: band.max === null ? null : band.max + cents, band: true };
    }
    if (roll < 0.5) {
      // a free range typed in the min/max boxes
      const centre = offer === 'rent' ? 5000 * Math.pow(100, rng.next()) : 200000 * Math.pow(250, rng.next());
      const min = roundPrice(centre / (1 + rng.next() * 2));
      const max = roundPrice(centre * (1 + rng.next() * 3));
      const form = rng.next();
      if (form < 0.2) return { min: min + salt, max: null };
      if (form < 0.35) return { min: null, max: max + salt };
      return { min: min + salt, max: max + salt };
    }
    return { min: null, max: null };
  }

  /** A search as the web's SearchState holds it (only the fields the bodies use). */
  function drawState({ landingShare = 0.08, boundsShare = 0.22 } = {}) {
    const state = {
      label: 'landing',
      offer: null,
      text: '',
      types: [],
      kinds: [],
      bedrooms: null,
      bathrooms: null,
      parkingSlots: null,
      furnishings: [],
      tags: [],
      price: { min: null, max: null },
      cities: [],
      barangays: [],
      bounds: null,
      sort: '-createdAt',
      page: 1,
      limit: 10,
    };
    if (rng.chance(landingShare)) {
      // the page as first opened, sometimes with the Buy/Rent switch or a page turn
      state.offer = rng.weighted([[null, 60], ['sale', 25], ['rent', 15]]);
      state.page = rng.weighted(PAGES);
      state.label = state.offer ? 'landing+offer' : 'landing';
      return state;
    }
    state.offer = rng.weighted([[null, 40], ['sale', 35], ['rent', 25]]);
    const parts = [];
    if (rng.chance(0.45)) {
      const t = drawText();
      state.text = t.text;
      parts.push(`text:${t.kind}`);
    }
    if (rng.chance(boundsShare)) {
      state.bounds = drawBounds();
      parts.push('box');
    } else if (rng.chance(0.45)) {
      const city = rng.chance(0.8) ? pickCity(rng) : cityMap.get(pickBarangay(rng).cityCode);
      state.cities = [city.code];
      if (rng.chance(0.08)) {
        const other = pickCity(rng);
        if (other.code !== city.code) state.cities.push(other.code);
      }
      parts.push('city');
      if (state.cities.length === 1 && rng.chance(0.25)) {
        // the barangay picker shows for one chosen city; barangays weighted by listings within it
        const pick = weightedTable(city.barangays, (b) => b.n);
        state.barangays = [pick(rng).code];
        if (rng.chance(0.15)) {
          const b2 = pick(rng).code;
          if (b2 !== state.barangays[0]) state.barangays.push(b2);
        }
        parts.push('barangay');
      }
    }
    if (rng.chance(0.22)) {
      state.types = [rng.weighted([['residential', 60], ['commercial', 20], ['land', 10], ['industrial', 5], ['agricultural', 5]])];
      parts.push('type');
    }
    if (rng.chance(0.3)) {
      // the kind chips show the kinds of the chosen types
      const kinds = domain.LISTING_KINDS.filter((k) => !state.types.length || state.types.includes(domain.KIND_TYPE[k]));
      const weights = { condominium: 30, house_and_lot: 25, townhouse: 12, apartment: 10, lot: 8, office: 5, commercial_space: 5, warehouse: 3, farm: 2 };
      state.kinds = [rng.weighted(kinds.map((k) => [k, weights[k]]))];
      if (rng.chance(0.15)) {
        const k2 = rng.pick(kinds);
        if (k2 !== state.kinds[0]) state.kinds.push(k2);
      }
      parts.push('kind');
    }
    const homes = state.kinds.length
      ? state.kinds.some((k) => domain.KIND_TYPE[k] === 'residential')
      : !state.types.length || state.types.includes('residential');
    if (rng.chance(homes ? 0.3 : 0.05)) {
      state.bedrooms = rng.weighted([[1, 20], [2, 35], [3, 30], [4, 10], [5, 5]]);
      parts.push('beds');
    }
    if (rng.chance(homes ? 0.12 : 0.03)) {
      state.bathrooms = rng.weighted([[1, 30], [2, 45], [3, 20], [4, 4], [5, 1]]);
      parts.push('baths');
    }
    if (rng.chance(0.08)) {
      state.parkingSlots = rng.weighted([[1, 60], [2, 30], [3, 7], [4, 2], [5, 1]]);
      parts.push('parking');
    }
    if (rng.chance(state.offer === 'rent' ? 0.25 : 0.06)) {
      state.furnishings = [rng.weighted([['furnished', 50], ['semi_furnished', 30], ['unfurnished', 20]])];
      parts.push('furnishing');
    }
    if (rng.chance(0.1)) {
      state.tags = [rng.pick(tagChoices)];
      if (rng.chance(0.2)) {
        const t2 = rng.pick(tagChoices);
        if (t2 !== state.tags[0]) state.tags.push(t2);
      }
      parts.push('tags');
    }
    state.price = drawPrice(state.offer);
    if (state.price.min !== null || state.price.max !== null) parts.push(state.price.band ? 'band' : 'price');
    state.sort = rng.weighted(SORTS);
    state.page = rng.weighted(PAGES);
    state.limit = rng.chance(0.1) ? 5 : 10;
    if (state.offer) parts.unshift(state.offer);
    state.label = parts.join('+') || 'offer only';
    return state;
  }

  return { drawState, drawText, drawBounds, cities, pickCity, pickBarangay };
}

/** The web's toFilterBody (the fields this bench draws). */
export function toFilterBody(state) {
  const match = {};
  const { min, max } = state.price;
  if (min !== null || max !== null) match.price = { ...(min !== null && { min }), ...(max !== null && { max }) };
  if (state.offer) match.offer = [state.offer];
  if (state.types.length) match.type = [...state.types];
  if (state.kinds.length) match.kind = [...state.kinds];
  if (state.bedrooms !== null) match.bedrooms = { min: state.bedrooms };
  if (state.bathrooms !== null) match.bathrooms = { min: state.bathrooms };
  if (state.parkingSlots !== null) match.parkingSlots = { min: state.parkingSlots };
  if (state.furnishings.length) match.furnishing = [...state.furnishings];
  if (state.tags.length) match.tags = [...state.tags];
  if (state.cities.length) match.city = [...state.cities];
  if (state.barangays.length) match.barangay = [...state.barangays];
  const body = {};
  if (state.text.trim()) body.fuzzySearch = state.text.trim();
  if (Object.keys(match).length) body.match = match;
  if (state.bounds) body.bounds = { ...state.bounds };
  return body;
}

/** The web's toSearchBody: the filters plus sort, limit and skip. */
export function toSearchBody(state) {
  return { ...toFilterBody(state), sort: state.sort, limit: state.limit, skip: (state.page - 1) * state.limit };
}

/** The sidebar's facet body: the filters without the price range (ListingSearchPage). */
export function toFacetBody(state) {
  return toFilterBody({ ...state, price: { min: null, max: null } });
}
