/** The parts of the untyped `osm-pbf-parser` package (2.3) that the POI importer uses. */
declare module 'osm-pbf-parser' {
  import type { Transform } from 'node:stream';

  export interface OsmPbfNode {
    type: 'node';
    id: number;
    lat: number;
    lon: number;
    tags: Record<string, string>;
  }
  export interface OsmPbfWay {
    type: 'way';
    id: number;
    tags: Record<string, string>;
    refs: number[];
  }
  export interface OsmPbfRelation {
    type: 'relation';
    id: number;
    tags: Record<string, string>;
    members: { type: 'node' | 'way' | 'relation'; id: number; role: string }[];
  }
  export type OsmPbfElement = OsmPbfNode | OsmPbfWay | OsmPbfRelation;

  /** Bytes in, `{ type, offset, zlib_data }` blobs out. */
  export class BlobParser extends Transform {}
  /** Blobs in, `{ type, offset, data }` inflated blobs out. */
  export class BlobDecompressor extends Transform {}
  /** Inflated blobs in, one `OsmPbfElement[]` per data block out. */
  export class PrimitivesParser extends Transform {}

  /** The three above piped together. */
  function parseOSM(): Transform;
  export default parseOSM;
}
