import { GRID_BLOCK_LEVELS, GRID_CELLS_PER_DEGREE, GRID_COLUMNS } from '@app/db';

/**
 * The arithmetic of map boxes over the grid (see `gridCellOf` and `listing_grid_blocks`): which grid
 * cells a box touches, how a box splits into whole blocks of each level plus its edge cells, and
 * which cluster level suits a map's zoom. Pure functions; the queries are in listing-map.repository.ts.
 */

export interface Box {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** A rectangle of grid cells at some level, inclusive: rows r0..r1, columns c0..c1. */
export interface CellRect {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

/** A run of blocks of one level in one row: ids `lo..hi` (row × GRID_COLUMNS + column). */
export interface Segment {
  level: number;
  lo: number;
  hi: number;
}

/**
 * A rectangle of level-0 cells whose listings are read one by one (an edge of the box): found with the
 * point index in `south`..`east` (closed, a hair wider than the cells), kept when their cell is in
 * rows `r0`..`r1` and columns `c0`..`c1` (the cells decide, as they do for the blocks).
 */
export interface Strip extends Box, CellRect {}

/**
 * A box as runs of whole blocks along rows (`rows`: block ids) and along columns (`columns`: column ×
 * GRID_COLUMNS + row), counted from listing_grid_blocks, and up to four `strips` of edge cells read
 * listing by listing (the cells the box's edges cross, and whole cells no block covers).
 */
export interface BoxPlan {
  /** 0: the box as drawn (edges read listing by listing); more: the box widened to whole blocks of this level. */
  base: number;
  /** The box actually counted: the box as given, or widened to whole blocks of level `base`. */
  box: Box;
  rows: Segment[];
  columns: Segment[];
  strips: Strip[];
}

/** Cluster levels: 0 (0.005° cells) to GRID_BLOCK_LEVELS (1.28°). */
export const MAX_CLUSTER_LEVEL = GRID_BLOCK_LEVELS;
/** At most this many clusters across a box (and down): the level rises until the box fits. */
export const MAX_CLUSTERS_PER_SIDE = 32;
/** Rows of edge cells a box may have before it is widened to whole blocks (4° of latitude). */
export const MAX_EDGE_ROWS = 800;
/** A map's tiles are 256 px; a cluster is about 64 px across, a quarter of a tile. */
const CLUSTER_TILE_FRACTION = 4;

const cellOf = (deg: number, offset: number) => Math.floor((deg + offset) * GRID_CELLS_PER_DEGREE);

/** The grid cells (level 0) a box touches: the same IEEE arithmetic as `gridCellOf` in SQL. */
export function cellsOf(box: Box): CellRect {
  return { r0: cellOf(box.south, 90), r1: cellOf(box.north, 90), c0: cellOf(box.west, 180), c1: cellOf(box.east, 180) };
}

/** The box of whole blocks of a level covering a rectangle of cells of that level. */
export function boxOfBlocks(rect: CellRect, level: number): Box {
  const size = 2 ** level / GRID_CELLS_PER_DEGREE;
  return { south: rect.r0 * size - 90, north: (rect.r1 + 1) * size - 90, west: rect.c0 * size - 180, east: (rect.c1 + 1) * size - 180 };
}

/** The cluster level for a map zoom, raised until the box is at most MAX_CLUSTERS_PER_SIDE clusters across. */
export function clusterLevel(zoom: number, box: Box): number {
  // a tile spans 360 / 2^zoom degrees of longitude; a cluster a quarter of it; a level-L cell 0.005 × 2^L
  const byZoom = Math.round(Math.log2(360 / 2 ** zoom / CLUSTER_TILE_FRACTION / (1 / GRID_CELLS_PER_DEGREE)));
  const side = Math.max(box.north - box.south, box.east - box.west) * GRID_CELLS_PER_DEGREE;
  const bySize = Math.ceil(Math.log2(Math.max(1, side / MAX_CLUSTERS_PER_SIDE)));
  return Math.min(MAX_CLUSTER_LEVEL, Math.max(0, byZoom, bySize));
}

const shift = (n: number, level: number) => Math.floor(n / 2 ** level);

/** A hair, in degrees: strips' point-index boxes are this much wider than their cells (the cells then decide). */
const HAIR = 1e-9;

/**
 * Splits a box into whole blocks, coarsest first from level `top`, and the edge strips left over. The
 * blocks are found inside the box's interior (the cells its edges do not cross): at each level the
 * largest rectangle of whole blocks; below the top level only the ring around what a coarser level
 * took, at most one block deep on each side, so its rows north and south and its columns west and
 * east are four runs. A box taller than MAX_EDGE_ROWS rows is first widened to whole blocks of the
 * least level that brings it under (its edges are then whole blocks: no strips).
 */
export function planBox(box: Box, top: number): BoxPlan {
  const cells = cellsOf(box);
  let base = 0;
  while (base < top && shift(cells.r1, base) - shift(cells.r0, base) + 1 > MAX_EDGE_ROWS) base++;
  const rect: CellRect = { r0: shift(cells.r0, base), r1: shift(cells.r1, base), c0: shift(cells.c0, base), c1: shift(cells.c1, base) };
  // the whole cells (level 0): all of them once widened, else all but the edge rows and columns
  const whole: CellRect = base > 0 ? scale(rect, base, 0) : { r0: cells.r0 + 1, r1: cells.r1 - 1, c0: cells.c0 + 1, c1: cells.c1 - 1 };
  const plan: BoxPlan = { base, box: base > 0 ? boxOfBlocks(rect, base) : box, rows: [], columns: [], strips: [] };
  let inner: CellRect | null = null; // what coarser levels took, in level-0 cells
  for (let level = top; level >= Math.max(base, 1); level--) {
    const size = 2 ** level;
    const at: CellRect =
      level === base
        ? rect
        : { r0: Math.ceil(whole.r0 / size), r1: Math.floor((whole.r1 + 1) / size) - 1, c0: Math.ceil(whole.c0 / size), c1: Math.floor((whole.c1 + 1) / size) - 1 };
    if (at.r0 > at.r1 || at.c0 > at.c1) continue;
    ring(plan, at, inner && scale(inner, 0, level), level);
    inner = scale(at, level, 0);
  }
  if (base === 0) plan.strips = strips(box, cells, inner);
  return plan;
}

/** A rectangle of cells of level `from` in cells of level `to` (finer: all its cells; coarser: it must be aligned). */
function scale(r: CellRect, from: number, to: number): CellRect {
  if (from >= to) {
    const k = 2 ** (from - to);
    return { r0: r.r0 * k, r1: (r.r1 + 1) * k - 1, c0: r.c0 * k, c1: (r.c1 + 1) * k - 1 };
  }
  const k = 2 ** (to - from);
  return { r0: r.r0 / k, r1: (r.r1 + 1) / k - 1, c0: r.c0 / k, c1: (r.c1 + 1) / k - 1 };
}

/** The blocks of `outer` not in `inner` (null: all of them): rows north and south, columns west and east. */
function ring(plan: BoxPlan, outer: CellRect, inner: CellRect | null, level: number) {
  const row = (r: number, c0: number, c1: number) => plan.rows.push({ level, lo: r * GRID_COLUMNS + c0, hi: r * GRID_COLUMNS + c1 });
  const column = (c: number, r0: number, r1: number) => plan.columns.push({ level, lo: c * GRID_COLUMNS + r0, hi: c * GRID_COLUMNS + r1 });
  if (!inner) {
    for (let r = outer.r0; r <= outer.r1; r++) row(r, outer.c0, outer.c1);
    return;
  }
  for (let r = outer.r0; r < inner.r0; r++) row(r, outer.c0, outer.c1);
  for (let r = inner.r1 + 1; r <= outer.r1; r++) row(r, outer.c0, outer.c1);
  for (let c = outer.c0; c < inner.c0; c++) column(c, inner.r0, inner.r1);
  for (let c = inner.c1 + 1; c <= outer.c1; c++) column(c, inner.r0, inner.r1);
}

/** The box's cells outside `inner` (null: no whole block inside) as up to four rectangles: south, north, west, east. */
function strips(box: Box, cells: CellRect, inner: CellRect | null): Strip[] {
  if (!inner) return [{ ...box, ...cells }];
  const lat = (r: number) => r / GRID_CELLS_PER_DEGREE - 90;
  const lng = (c: number) => c / GRID_CELLS_PER_DEGREE - 180;
  const middle = { south: Math.max(box.south, lat(inner.r0) - HAIR), north: Math.min(box.north, lat(inner.r1 + 1) + HAIR), r0: inner.r0, r1: inner.r1 };
  const out: Strip[] = [
    { south: box.south, north: Math.min(box.north, lat(inner.r0) + HAIR), west: box.west, east: box.east, r0: cells.r0, r1: inner.r0 - 1, c0: cells.c0, c1: cells.c1 },
    { south: Math.max(box.south, lat(inner.r1 + 1) - HAIR), north: box.north, west: box.west, east: box.east, r0: inner.r1 + 1, r1: cells.r1, c0: cells.c0, c1: cells.c1 },
    { ...middle, west: box.west, east: Math.min(box.east, lng(inner.c0) + HAIR), c0: cells.c0, c1: inner.c0 - 1 },
    { ...middle, west: Math.max(box.west, lng(inner.c1 + 1) - HAIR), east: box.east, c0: inner.c1 + 1, c1: cells.c1 },
  ];
  return out.filter((s) => s.r0 <= s.r1 && s.c0 <= s.c1);
}

/** The cells of a box as one run per row (level 0), for reading every listing in it from the grid index. */
export function rowRuns(box: Box): Segment[] {
  const c = cellsOf(box);
  const out: Segment[] = [];
  for (let r = c.r0; r <= c.r1; r++) out.push({ level: 0, lo: r * GRID_COLUMNS + c.c0, hi: r * GRID_COLUMNS + c.c1 });
  return out;
}
