import { createReadStream } from 'node:fs';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, type TransformCallback } from 'node:stream';
import { sql } from 'drizzle-orm';
import { BlobDecompressor, BlobParser, PrimitivesParser, type OsmPbfElement } from 'osm-pbf-parser';
import { pointsOfInterest, type Database } from '@app/db';
import { categoriesOf, OSM_CATEGORY_KEYS, POI_CATEGORIES, type PoiCategory } from './osm-categories';

/*
 * Imports points of interest for the nearby-area categories and the market map's two extra layers
 * (transport hubs, residential areas; see osm-categories.ts) from OpenStreetMap data into
 * `points_of_interest`: either a PBF extract (Geofabrik's philippines-latest.osm.pbf) or the JSON
 * answer of an Overpass API query run with `[out:json]` and `out center`, or the compact NDJSON file this
 * module writes from either of them (`exportPoiFile`; the extract shipped in apps/api/data/poi/ is one).
 *
 * Everything is written in one transaction: a file that cannot be read to its end writes nothing.
 */

export type PoiFileFormat = 'osm-pbf' | 'overpass-json' | 'poi-ndjson';
export type OsmType = 'node' | 'way' | 'relation';

/** One OSM feature that belongs to at least one category (nearby or map layer), with the point it is shown at. */
export interface PoiRecord {
  osmType: OsmType;
  osmId: number;
  categories: PoiCategory[];
  name: string | null;
  lat: number;
  lng: number;
  tags: Record<string, string>;
}

export interface PoiImportProgress {
  /** What the importer is doing, e.g. "pass 1: nodes, ways and relations". */
  stage: string;
  bytesRead: number;
  totalBytes: number;
}

export interface PoiImportOptions {
  /** Rows per INSERT statement (default 1000). */
  batchSize?: number;
  onProgress?: (progress: PoiImportProgress) => void;
}

export interface PoiImportResult {
  file: string;
  format: PoiFileFormat;
  /** OSM features imported (a feature in two categories is one feature and two rows). */
  features: number;
  /** Rows written, per category: the spec's ten nearby categories in its order, then the map layers. */
  byCategory: Record<PoiCategory, number>;
  rows: number;
  inserted: number;
  updated: number;
  /** Features of a category left out because no location could be found for them. */
  skippedWithoutLocation: number;
  /** How many passes read the file (PBF: 2 or 3, passes after the first read only some blocks; Overpass JSON: 1). */
  passes: number;
  millis: number;
}

/** A problem with the input file; the message says what to do about it. Nothing was written. */
export class PoiImportError extends Error {
  override name = 'PoiImportError';
}

const DEFAULT_BATCH_SIZE = 1000;
const COORD_SCALE = 1e7; // OSM stores coordinates to 7 decimals

const roundCoord = (x: number) => Math.round(x * COORD_SCALE) / COORD_SCALE;
const validLatLng = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/** Quick test before running the category rules: does the feature carry any key they look at? */
function hasCategoryKey(tags: Record<string, string> | undefined): tags is Record<string, string> {
  if (!tags) return false;
  for (const key in tags) if (OSM_CATEGORY_KEYS.has(key)) return true;
  return false;
}

/* ---------------------------------------------------------------------------------------------
 * Format detection
 * ------------------------------------------------------------------------------------------- */

/**
 * A PBF file starts with a 4-byte big-endian BlobHeader length (at most 64 KiB) and a BlobHeader whose
 * first field is `type = "OSMHeader"` (field 1, wire type 2: 0x0a, length 9).
 */
function looksLikePbf(head: Buffer): boolean {
  if (head.length < 15) return false;
  const headerLength = head.readUInt32BE(0);
  return headerLength > 0 && headerLength <= 64 * 1024 && head[4] === 0x0a && head[5] === 9 && head.toString('latin1', 6, 15) === 'OSMHeader';
}

/** Tells an OSM PBF extract from Overpass JSON by the file's first bytes, whatever its name. */
export async function detectPoiFileFormat(file: string): Promise<PoiFileFormat> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(64);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new PoiImportError(`No file at ${file}; give the path of a .osm.pbf extract or an Overpass JSON file`);
    if (code === 'EISDIR') throw new PoiImportError(`${file} is a folder; give the path of a .osm.pbf extract or an Overpass JSON file`);
    throw new PoiImportError(`Cannot read ${file}: ${asError(e).message}`);
  }
  if (head.length === 0) throw new PoiImportError(`${file} is empty; give a .osm.pbf extract or an Overpass JSON file`);
  if (looksLikePbf(head)) return 'osm-pbf';
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith(`{"format":"${POI_NDJSON_FORMAT}"`)) return 'poi-ndjson';
  if (text.startsWith('{')) return 'overpass-json';
  if (text.startsWith('<')) {
    throw new PoiImportError(
      `${file} looks like OSM XML, which this importer does not read; convert it with ` +
        '`osmium cat file.osm -o file.osm.pbf`, or run the Overpass query with [out:json]',
    );
  }
  throw new PoiImportError(
    `${file} is neither an OpenStreetMap PBF extract (.osm.pbf) nor Overpass API JSON ({"elements": [...]}); ` +
      'download a .osm.pbf extract (e.g. Geofabrik philippines-latest.osm.pbf) or save an Overpass [out:json] answer',
  );
}

/* ---------------------------------------------------------------------------------------------
 * Overpass API JSON
 * ------------------------------------------------------------------------------------------- */

interface OverpassElement {
  type?: string;
  id?: number;
  lat?: number;
  lon?: number;
  center?: { lat?: number; lon?: number };
  bounds?: { minlat?: number; minlon?: number; maxlat?: number; maxlon?: number };
  geometry?: ({ lat?: number; lon?: number } | null)[];
  tags?: Record<string, string>;
}

export interface PoiReadStats {
  skippedWithoutLocation: number;
  passes: number;
}

function overpassLocation(el: OverpassElement): { lat: number; lng: number } | null {
  if (el.type === 'node') return validLatLng(el.lat, el.lon) ? { lat: el.lat, lng: el.lon! } : null;
  if (el.center && validLatLng(el.center.lat, el.center.lon)) return { lat: el.center.lat, lng: el.center.lon! };
  const points = (el.geometry ?? []).filter((p): p is { lat: number; lon: number } => !!p && validLatLng(p.lat, p.lon));
  if (points.length) {
    return {
      lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
      lng: points.reduce((s, p) => s + p.lon, 0) / points.length,
    };
  }
  const b = el.bounds;
  if (b && validLatLng(b.minlat, b.minlon) && validLatLng(b.maxlat, b.maxlon)) {
    return { lat: (b.minlat + b.maxlat) / 2, lng: (b.minlon! + b.maxlon!) / 2 };
  }
  return null;
}

/**
 * The POIs of an Overpass `[out:json]` answer. Nodes carry `lat`/`lon`; ways and relations need
 * `out center` (or `out geom` / `out bb`), otherwise they are counted as skipped.
 */
export async function* readOverpassPois(file: string, stats: PoiReadStats): AsyncGenerator<PoiRecord> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new PoiImportError(`${file} is not valid JSON (${asError(e).message}); save the Overpass answer of a query run with [out:json]`);
  }
  const elements = (doc as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements)) {
    throw new PoiImportError(`${file} is JSON but not an Overpass API answer: it has no "elements" array; run the query with [out:json]`);
  }
  const remark = (doc as { remark?: unknown }).remark;
  if (typeof remark === 'string' && /error/i.test(remark)) {
    throw new PoiImportError(
      `${file} is an incomplete Overpass answer ("${remark}"); raise [timeout:…]/[maxsize:…] or query a smaller area, then import again`,
    );
  }
  stats.passes = 1;
  for (const el of elements as OverpassElement[]) {
    if (!el || (el.type !== 'node' && el.type !== 'way' && el.type !== 'relation') || !Number.isSafeInteger(el.id)) continue;
    if (!hasCategoryKey(el.tags)) continue;
    const categories = categoriesOf(el.tags);
    if (!categories.length) continue;
    const at = overpassLocation(el);
    if (!at) {
      stats.skippedWithoutLocation++;
      continue;
    }
    yield { osmType: el.type, osmId: el.id!, categories, name: el.tags.name ?? null, lat: roundCoord(at.lat), lng: roundCoord(at.lng), tags: el.tags };
  }
}

/* ---------------------------------------------------------------------------------------------
 * OSM PBF
 * ------------------------------------------------------------------------------------------- */

const SIZE_MODE = 0; // BlobParser's state between blobs
const HEADER_MODE = 1; // BlobParser's state while it waits for a BlobHeader
const MAX_BLOB_HEADER = 64 * 1024; // limits set by the PBF format
const MAX_BLOB = 32 * 1024 * 1024;

interface BlobParserState {
  _mode: number;
  _waiting: number;
  _prev: Buffer | null;
}

/**
 * osm-pbf-parser's BlobParser, made safe for bad input: the original throws from inside `write()`
 * (which would be an uncaught exception), waits forever for an absurd block length, and ends quietly
 * on a truncated file. Here those become stream errors.
 */
class CheckedBlobParser extends BlobParser {
  override _transform(chunk: Buffer, encoding: BufferEncoding, next: TransformCallback): void {
    const state = this as unknown as BlobParserState;
    let called = false;
    const done: TransformCallback = (err) => {
      called = true;
      const limit = state._mode === HEADER_MODE ? MAX_BLOB_HEADER : MAX_BLOB;
      if (!err && state._waiting > limit) {
        err = new PoiImportError(`The PBF file announces a block of ${state._waiting} bytes, more than the format allows; the file is damaged`);
      }
      next(err);
    };
    try {
      super._transform(chunk, encoding, done);
    } catch (e) {
      const message = String(e instanceof Error ? e.message : e);
      const err = /No zlib data/.test(message)
        ? new PoiImportError('The PBF file has blocks that are not zlib-compressed; rewrite it with `osmium cat in.osm.pbf -o out.osm.pbf`')
        : new PoiImportError(`The PBF file is damaged: ${message}`);
      if (called) this.destroy(err);
      else next(err);
    }
  }

  override _flush(callback: TransformCallback): void {
    const state = this as unknown as BlobParserState;
    callback(state._prev?.length || state._mode !== SIZE_MODE ? new PoiImportError('The PBF file ends in the middle of a block; it is truncated, download it again') : null);
  }
}

/** A decoded data block and the byte offset of its blob in the file (relative to where reading started). */
interface PbfBlock {
  offset: number;
  elements: OsmPbfElement[];
}

/**
 * osm-pbf-parser's PrimitivesParser, with its synchronous throws turned into stream errors, and each
 * block it emits wrapped as a `PbfBlock` (the library drops the blob offset its BlobParser found).
 */
class CheckedPrimitivesParser extends PrimitivesParser {
  override _transform(chunk: { offset?: number }, encoding: BufferEncoding, next: TransformCallback): void {
    let called = false;
    const push = this.push;
    // the library pushes synchronously from inside _transform
    this.push = (elements: unknown) => push.call(this, elements === null ? null : { offset: chunk.offset ?? -1, elements });
    try {
      super._transform(chunk, encoding, (err) => {
        called = true;
        next(err);
      });
    } catch (e) {
      const err = new PoiImportError(`The PBF file is damaged: ${asError(e).message}`);
      if (called) this.destroy(err);
      else next(err);
    } finally {
      this.push = push;
    }
  }
}

/** A half-open byte range [start, end) of a file. */
interface ByteRange {
  start: number;
  end: number;
}

async function* readRanges(file: string, ranges: readonly ByteRange[]): AsyncGenerator<Buffer> {
  for (const { start, end } of ranges) {
    if (end > start) yield* createReadStream(file, { start, end: end - 1, highWaterMark: 1 << 20 });
  }
}

/**
 * Streams a PBF file (or only the given byte ranges of it, which must start and end at blob
 * boundaries) through osm-pbf-parser, one decoded block at a time. Breaking out of the loop stops
 * reading.
 */
async function* pbfBlocks(file: string, ranges: readonly ByteRange[] | null, onBytes: (bytesRead: number) => void): AsyncGenerator<PbfBlock> {
  const source = ranges ? Readable.from(readRanges(file, ranges), { objectMode: false }) : createReadStream(file, { highWaterMark: 1 << 20 });
  const blobs = new CheckedBlobParser();
  const inflate = new BlobDecompressor();
  const primitives = new CheckedPrimitivesParser();
  const out = new Readable({ objectMode: true, highWaterMark: 2 }).wrap(primitives);
  const stages: Readable[] = [source, blobs, inflate, primitives];
  let bytesRead = 0;
  source.on('data', (chunk: Buffer) => onBytes((bytesRead += chunk.length)));
  source.on('error', (err: Error) => out.destroy(new PoiImportError(`Cannot read ${file}: ${err.message}`)));
  for (const stage of [blobs, inflate, primitives]) {
    stage.on('error', (err: unknown) =>
      out.destroy(err instanceof PoiImportError ? err : new PoiImportError(`The PBF file is damaged (${asError(err).message}); download it again`)),
    );
  }
  source.pipe(blobs).pipe(inflate).pipe(primitives);
  try {
    for await (const block of out) yield block as PbfBlock;
  } finally {
    for (const stage of stages) {
      stage.removeAllListeners('data');
      stage.unpipe();
      stage.destroy();
    }
    out.destroy();
  }
}

/** Where each data block of a PBF file lies and which kinds of element it holds. */
class PbfBlockMap {
  private readonly blocks: { offset: number; nodes: boolean; ways: boolean }[] = [];

  constructor(private readonly fileSize: number) {}

  add(block: PbfBlock): void {
    this.blocks.push({
      offset: block.offset,
      nodes: block.elements.some((e) => e.type === 'node'),
      ways: block.elements.some((e) => e.type === 'way'),
    });
  }

  /**
   * The byte ranges to read for the blocks holding that kind of element, preceded by the file
   * header (osm-pbf-parser needs it first). A blob that decoded to nothing belongs to the block before it.
   */
  rangesOf(kind: 'nodes' | 'ways'): ByteRange[] {
    const sorted = [...this.blocks].sort((a, b) => a.offset - b.offset);
    if (!sorted.length) return [];
    const ranges: ByteRange[] = [{ start: 0, end: sorted[0].offset }];
    sorted.forEach((block, i) => {
      if (!block[kind]) return;
      const end = i + 1 < sorted.length ? sorted[i + 1].offset : this.fileSize;
      const last = ranges[ranges.length - 1];
      if (last.end === block.offset && ranges.length > 1) last.end = end;
      else ranges.push({ start: block.offset, end });
    });
    return ranges;
  }
}

const rangeBytes = (ranges: readonly ByteRange[]) => ranges.reduce((sum, r) => sum + r.end - r.start, 0);

/** A sorted set of node ids with a coordinate slot each: 24 bytes per node, no per-node objects. */
class NodeCoordinates {
  private readonly ids: Float64Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;

  constructor(ids: Iterable<number>) {
    const sorted = Float64Array.from(new Set(ids)).sort();
    this.ids = sorted;
    this.lat = new Float64Array(sorted.length).fill(NaN);
    this.lng = new Float64Array(sorted.length).fill(NaN);
  }

  get size(): number {
    return this.ids.length;
  }

  indexOf(id: number): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.ids[mid];
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The mean of the known coordinates of these nodes (each node once), or null when none is known. */
  centroid(nodeIds: Iterable<number>): { lat: number; lng: number } | null {
    let n = 0;
    let lat = 0;
    let lng = 0;
    for (const id of new Set(nodeIds)) {
      const i = this.indexOf(id);
      if (i < 0 || Number.isNaN(this.lat[i])) continue;
      lat += this.lat[i];
      lng += this.lng[i];
      n++;
    }
    return n ? { lat: lat / n, lng: lng / n } : null;
  }
}

interface PendingFeature {
  id: number;
  tags: Record<string, string>;
  categories: PoiCategory[];
}

/**
 * The POIs of a PBF extract. A way only names its nodes, and a multipolygon relation only names its
 * ways, so placing them needs coordinates of nodes read earlier. Rather than keep every node's
 * coordinates (tens of millions for the Philippines), the file is read up to three times, keeping
 * only what is needed:
 *  1. the whole file: node POIs go straight out; POI ways keep their node ids; POI multipolygon
 *     relations keep their member way ids; where the blocks of nodes and of ways lie is noted;
 *  2. (only when there are such relations) the blocks holding ways: the node ids of those member ways;
 *  3. the blocks holding nodes: the coordinates of the nodes kept above.
 * Passes 2 and 3 together read the file about once. A way is placed at the mean of its nodes, a
 * relation at the mean of its member ways' nodes; nodes missing from the extract (clipped at its
 * border) are left out, and a feature with none is skipped.
 */
export async function* readPbfPois(
  file: string,
  stats: PoiReadStats,
  onProgress: (progress: PoiImportProgress) => void = () => undefined,
): AsyncGenerator<PoiRecord> {
  const fileSize = (await stat(file)).size;
  const blockMap = new PbfBlockMap(fileSize);
  const ways: (PendingFeature & { refs: number[] })[] = [];
  const relations: (PendingFeature & { wayIds: number[] })[] = [];
  const report = (stage: string, totalBytes: number) => (bytesRead: number) => onProgress({ stage, bytesRead, totalBytes });

  stats.passes = 1;
  for await (const block of pbfBlocks(file, null, report('pass 1: nodes, ways and relations', fileSize))) {
    blockMap.add(block);
    for (const el of block.elements) {
      if (!hasCategoryKey(el.tags)) continue;
      const categories = categoriesOf(el.tags);
      if (!categories.length) continue;
      if (el.type === 'node') {
        yield { osmType: 'node', osmId: el.id, categories, name: el.tags.name ?? null, lat: roundCoord(el.lat), lng: roundCoord(el.lon), tags: el.tags };
      } else if (el.type === 'way') {
        ways.push({ id: el.id, tags: el.tags, categories, refs: el.refs });
      } else if (el.tags.type === 'multipolygon') {
        const wayIds = el.members.filter((m) => m.type === 'way' && m.role !== 'inner').map((m) => m.id);
        relations.push({ id: el.id, tags: el.tags, categories, wayIds });
      }
    }
  }
  if (!ways.length && !relations.length) return;

  const memberWays = new Map<number, number[]>(relations.flatMap((r) => r.wayIds.map((id) => [id, [] as number[]] as const)));
  if (memberWays.size) {
    stats.passes++;
    const ranges = blockMap.rangesOf('ways');
    for await (const block of pbfBlocks(file, ranges, report('pass 2: ways of multipolygons', rangeBytes(ranges)))) {
      for (const el of block.elements) {
        if (el.type === 'way' && memberWays.has(el.id)) memberWays.set(el.id, el.refs);
      }
    }
  }

  const coords = new NodeCoordinates(
    (function* () {
      for (const w of ways) yield* w.refs;
      for (const refs of memberWays.values()) yield* refs;
    })(),
  );
  stats.passes++;
  const ranges = blockMap.rangesOf('nodes');
  for await (const block of pbfBlocks(file, ranges, report(`pass ${stats.passes}: coordinates of ${coords.size} nodes`, rangeBytes(ranges)))) {
    for (const el of block.elements) {
      if (el.type !== 'node') continue;
      const i = coords.indexOf(el.id);
      if (i >= 0) {
        coords.lat[i] = el.lat;
        coords.lng[i] = el.lon;
      }
    }
  }

  for (const w of ways) {
    const at = coords.centroid(w.refs);
    if (!at) stats.skippedWithoutLocation++;
    else yield { osmType: 'way', osmId: w.id, categories: w.categories, name: w.tags.name ?? null, lat: roundCoord(at.lat), lng: roundCoord(at.lng), tags: w.tags };
  }
  for (const r of relations) {
    const at = coords.centroid(r.wayIds.flatMap((id) => memberWays.get(id) ?? []));
    if (!at) stats.skippedWithoutLocation++;
    else yield { osmType: 'relation', osmId: r.id, categories: r.categories, name: r.tags.name ?? null, lat: roundCoord(at.lat), lng: roundCoord(at.lng), tags: r.tags };
  }
}

/* ---------------------------------------------------------------------------------------------
 * Compact NDJSON (what `exportPoiFile` writes; the shipped extract in apps/api/data/poi/)
 * ------------------------------------------------------------------------------------------- */

/** The `format` of a compact POI file's header line; the header's first key, so the format is known from the first bytes. */
export const POI_NDJSON_FORMAT = 'tahanan-poi-ndjson';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const ODBL = 'ODbL-1.0 (Open Database License, https://opendatacommons.org/licenses/odbl/1-0/)';

/** The first line of a compact POI file. */
export interface PoiNdjsonHeader {
  format: typeof POI_NDJSON_FORMAT;
  version: 1;
  attribution: typeof OSM_ATTRIBUTION;
  license: string;
  /** Where the OSM data came from (file, extract, repository). */
  source: string;
  /** The date of the OSM data (YYYY-MM-DD): edits up to that day are in it. */
  dataDate: string;
  generatedBy: string;
  /** Features (lines after the header). */
  features: number;
  byCategory: Record<PoiCategory, number>;
}

/** One line after the header: one OSM feature with its categories and the point it is shown at. */
interface PoiNdjsonLine {
  type: OsmType;
  id: number;
  categories: PoiCategory[];
  name: string | null;
  lat: number;
  lng: number;
  /** The tags the category rules looked at (amenity, shop, …), for reference. */
  tags: Record<string, string>;
}

const OSM_TYPES: readonly string[] = ['node', 'way', 'relation'];

/** The POIs of a compact NDJSON file, checked line by line (a bad line names its number and writes nothing). */
export async function* readPoiNdjson(file: string, stats: PoiReadStats): AsyncGenerator<PoiRecord> {
  stats.passes = 1;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of lines) {
      n++;
      if (!text.trim()) continue;
      let line: unknown;
      try {
        line = JSON.parse(text);
      } catch (e) {
        throw new PoiImportError(`${file}, line ${n}: not valid JSON (${asError(e).message}); write the file again with the POI exporter`);
      }
      if (n === 1) {
        const header = line as Partial<PoiNdjsonHeader>;
        if (header.format !== POI_NDJSON_FORMAT || header.version !== 1) {
          throw new PoiImportError(`${file}: the header line is not a ${POI_NDJSON_FORMAT} version 1 header; write the file again with the POI exporter`);
        }
        continue;
      }
      const poi = line as Partial<PoiNdjsonLine>;
      const categories = Array.isArray(poi.categories) ? poi.categories : [];
      const valid =
        typeof poi.type === 'string' &&
        OSM_TYPES.includes(poi.type) &&
        Number.isSafeInteger(poi.id) &&
        categories.length > 0 &&
        categories.every((c) => (POI_CATEGORIES as readonly unknown[]).includes(c)) &&
        (poi.name === null || typeof poi.name === 'string') &&
        validLatLng(poi.lat, poi.lng);
      if (!valid) {
        throw new PoiImportError(
          `${file}, line ${n}: expected {"type": "node|way|relation", "id", "categories": [${POI_CATEGORIES.join(', ')}], "name", "lat", "lng"}`,
        );
      }
      const tags = poi.tags && typeof poi.tags === 'object' ? poi.tags : {};
      yield { osmType: poi.type as OsmType, osmId: poi.id!, categories, name: poi.name ?? null, lat: roundCoord(poi.lat!), lng: roundCoord(poi.lng as number), tags };
    }
  } finally {
    lines.close();
  }
  if (n === 0) throw new PoiImportError(`${file} is empty`);
}

/** The POIs of any supported file, as the importer reads them. */
export function readPoiFile(file: string, format: PoiFileFormat, stats: PoiReadStats, onProgress?: (p: PoiImportProgress) => void): AsyncGenerator<PoiRecord> {
  if (format === 'osm-pbf') return readPbfPois(file, stats, onProgress);
  if (format === 'overpass-json') return readOverpassPois(file, stats);
  return readPoiNdjson(file, stats);
}

export interface PoiExportOptions {
  /** Where the OSM data came from, written to the header. */
  source: string;
  /** The date of the OSM data, YYYY-MM-DD. */
  dataDate: string;
  onProgress?: (progress: PoiImportProgress) => void;
}

export interface PoiExportResult {
  header: PoiNdjsonHeader;
  skippedWithoutLocation: number;
}

/**
 * Reads a PBF extract or an Overpass file with the importer's own reader and category rules and writes
 * just the mapped places as compact NDJSON: a header line (format, ODbL attribution, source, date, counts),
 * then one line per feature sorted by OSM type and id, so that the same input always gives the same file.
 * Only the tags the category rules look at are kept.
 */
export async function exportPoiFile(input: string, output: string, options: PoiExportOptions): Promise<PoiExportResult> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.dataDate)) throw new PoiImportError(`The data date must be written YYYY-MM-DD, not "${options.dataDate}"`);
  const format = await detectPoiFileFormat(input);
  const stats: PoiReadStats = { skippedWithoutLocation: 0, passes: 0 };
  const lines: PoiNdjsonLine[] = [];
  for await (const poi of readPoiFile(input, format, stats, options.onProgress)) {
    const tags: Record<string, string> = {};
    for (const key of Object.keys(poi.tags).sort()) if (OSM_CATEGORY_KEYS.has(key)) tags[key] = poi.tags[key];
    lines.push({ type: poi.osmType, id: poi.osmId, categories: poi.categories, name: poi.name, lat: poi.lat, lng: poi.lng, tags });
  }
  const order = (t: OsmType) => OSM_TYPES.indexOf(t);
  lines.sort((a, b) => order(a.type) - order(b.type) || a.id - b.id);
  const byCategory = Object.fromEntries(POI_CATEGORIES.map((c) => [c, 0])) as Record<PoiCategory, number>;
  for (const line of lines) for (const c of line.categories) byCategory[c]++;
  const header: PoiNdjsonHeader = {
    format: POI_NDJSON_FORMAT,
    version: 1,
    attribution: OSM_ATTRIBUTION,
    license: ODBL,
    source: options.source,
    dataDate: options.dataDate,
    generatedBy: 'apps/api/src/export-poi.ts (the project\'s OSM POI importer and category rules)',
    features: lines.length,
    byCategory,
  };
  await writeFile(output, [header, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n');
  return { header, skippedWithoutLocation: stats.skippedWithoutLocation };
}

/* ---------------------------------------------------------------------------------------------
 * Import
 * ------------------------------------------------------------------------------------------- */

type PoiRow = typeof pointsOfInterest.$inferInsert;

/**
 * Reads a PBF extract or an Overpass JSON file and upserts its POIs into `points_of_interest`, one row
 * per (feature, category), in batches inside one transaction. Importing the same data again updates
 * the rows in place (name, location, tags); it never duplicates them. Rows of features that are no
 * longer in the data are kept.
 */
export async function importPoiFile(db: Database, file: string, options: PoiImportOptions = {}): Promise<PoiImportResult> {
  const started = Date.now();
  const format = await detectPoiFileFormat(file);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const stats: PoiReadStats = { skippedWithoutLocation: 0, passes: 0 };
  const byCategory = Object.fromEntries(POI_CATEGORIES.map((c) => [c, 0])) as Record<PoiCategory, number>;
  let features = 0;
  let inserted = 0;
  let updated = 0;

  await db.transaction(async (tx) => {
    // One statement per batch with seven array parameters (unnest) rather than seven parameters per row:
    // several times faster to build and send than a multi-row VALUES list.
    const write = async (rows: PoiRow[]) => {
      const column = <T>(pick: (row: PoiRow) => T) => sql.param(rows.map(pick));
      const result = await tx.execute(sql`
        with written as (
          insert into ${pointsOfInterest} (osm_type, osm_id, category, name, lat, lng, tags)
          select osm_type, osm_id, category, name, lat, lng, tags::jsonb
          from unnest(
            ${column((r) => r.osmType)}::text[], ${column((r) => r.osmId)}::bigint[], ${column((r) => r.category)}::text[],
            ${column((r) => r.name ?? null)}::text[], ${column((r) => r.lat)}::float8[], ${column((r) => r.lng)}::float8[],
            ${column((r) => JSON.stringify(r.tags ?? {}))}::text[]
          ) as batch (osm_type, osm_id, category, name, lat, lng, tags)
          on conflict (osm_type, osm_id, category)
          do update set name = excluded.name, lat = excluded.lat, lng = excluded.lng, tags = excluded.tags, updated_at = now()
          returning (xmax = 0) as inserted
        )
        select (count(*) filter (where inserted))::int as inserted, count(*)::int as total from written`);
      const [counts] = (result as unknown as { rows: { inserted: number; total: number }[] }).rows;
      inserted += counts.inserted;
      updated += counts.total - counts.inserted;
    };
    // One statement at a time, but the next batch is read while the previous one is written.
    let writing: Promise<void> = Promise.resolve();
    // A key can appear twice in a hand-merged Overpass file; ON CONFLICT may touch a row only once per statement.
    let batch = new Map<string, PoiRow>();
    const flush = async () => {
      await writing;
      if (!batch.size) return;
      const rows = [...batch.values()];
      batch = new Map();
      for (const row of rows) byCategory[row.category as PoiCategory]++;
      writing = write(rows);
      writing.catch(() => undefined); // reported by the next `await writing`
    };
    const records = readPoiFile(file, format, stats, options.onProgress);
    try {
      for await (const poi of records) {
        features++;
        for (const category of poi.categories) {
          batch.set(`${poi.osmType}/${poi.osmId}/${category}`, {
            osmType: poi.osmType,
            osmId: poi.osmId,
            category,
            name: poi.name,
            lat: poi.lat,
            lng: poi.lng,
            tags: poi.tags,
          });
        }
        if (batch.size >= batchSize) await flush();
      }
      await flush();
      await writing;
    } finally {
      // on a read error, let the statement in flight settle before the transaction rolls back
      await writing.catch(() => undefined);
    }
  });

  return {
    file,
    format,
    features,
    byCategory,
    rows: inserted + updated,
    inserted,
    updated,
    skippedWithoutLocation: stats.skippedWithoutLocation,
    passes: stats.passes,
    millis: Date.now() - started,
  };
}
