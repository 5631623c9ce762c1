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
 * A box as runs of whole blocks (`blocks`, counted from listing_grid_blocks, or listing_grid_cells
 * at level 0... see `edge`) and runs of level-0 cells to read listing by listing (`edge`: the cells
 * the box's edges cross, and any whole cells no block covers).
 */
export interface BoxPlan {
  /** The box's cells (level `base`). */
  rect: CellRect;
  /** 0: the box as drawn (edge cells read listing by listing); more: the box widened to whole blocks of this level. */
  base: number;
  /** The box actually counted: the box as given, or widened to whole blocks of level `base`. */
  box: Box;
  blocks: Segment[];
  edge: Segment[];
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

/**
 * Splits a box into runs of whole blocks, coarsest first from level `top`, and the runs of edge cells
 * left over. The whole blocks are found inside the box's interior (the cells its edges do not cross):
 * at each level the largest rectangle of whole blocks, minus what a coarser level already took, so each
 * level adds at most one block's depth on each side. A box taller than MAX_EDGE_ROWS rows is first
 * widened to whole blocks of the least level that brings it under (its edges are then whole blocks).
 */
export function planBox(box: Box, top: number): BoxPlan {
  const cells = cellsOf(box);
  let base = 0;
  while (base < top && shift(cells.r1, base) - shift(cells.r0, base) + 1 > MAX_EDGE_ROWS) base++;
  const rect: CellRect = { r0: shift(cells.r0, base), r1: shift(cells.r1, base), c0: shift(cells.c0, base), c1: shift(cells.c1, base) };
  // the whole cells (in level-0 units): all of them once widened, else all but the edge rows and columns
  const whole: CellRect =
    base > 0
      ? { r0: rect.r0 * 2 ** base, r1: (rect.r1 + 1) * 2 ** base - 1, c0: rect.c0 * 2 ** base, c1: (rect.c1 + 1) * 2 ** base - 1 }
      : { r0: cells.r0 + 1, r1: cells.r1 - 1, c0: cells.c0 + 1, c1: cells.c1 - 1 };
  const blocks: Segment[] = [];
  let inner: CellRect | null = null; // what coarser levels took, in level-0 cells
  for (let level = top; level > base; level--) {
    const size = 2 ** level;
    const at: CellRect = {
      r0: Math.ceil(whole.r0 / size),
      r1: Math.floor((whole.r1 + 1) / size) - 1,
      c0: Math.ceil(whole.c0 / size),
      c1: Math.floor((whole.c1 + 1) / size) - 1,
    };
    if (at.r0 > at.r1 || at.c0 > at.c1) continue;
    const taken = inner && { r0: inner.r0 / size, r1: (inner.r1 + 1) / size - 1, c0: inner.c0 / size, c1: (inner.c1 + 1) / size - 1 };
    blocks.push(...runs(at, taken, level));
    inner = { r0: at.r0 * size, r1: (at.r1 + 1) * size - 1, c0: at.c0 * size, c1: (at.c1 + 1) * size - 1 };
  }
  const takenAtBase = inner && {
    r0: inner.r0 / 2 ** base,
    r1: (inner.r1 + 1) / 2 ** base - 1,
    c0: inner.c0 / 2 ** base,
    c1: (inner.c1 + 1) / 2 ** base - 1,
  };
  const rest = runs(rect, takenAtBase, base);
  return {
    rect,
    base,
    box: base > 0 ? boxOfBlocks(rect, base) : box,
    // widened: the leftover is whole blocks of the base level; as drawn: edge cells to read one by one
    blocks: base > 0 ? [...blocks, ...rest] : blocks,
    edge: base > 0 ? [] : rest,
  };
}

/** A rectangle minus an inner rectangle (null: nothing), as runs along its rows. */
function runs(outer: CellRect, inner: CellRect | null, level: number): Segment[] {
  const out: Segment[] = [];
  const run = (r: number, c0: number, c1: number) => {
    if (c0 <= c1) out.push({ level, lo: r * GRID_COLUMNS + c0, hi: r * GRID_COLUMNS + c1 });
  };
  for (let r = outer.r0; r <= outer.r1; r++) {
    if (!inner || r < inner.r0 || r > inner.r1) run(r, outer.c0, outer.c1);
    else {
      run(r, outer.c0, inner.c0 - 1);
      run(r, inner.c1 + 1, outer.c1);
    }
  }
  return out;
}

/** The cells of a box as one run per row (level 0), for reading every listing in it from the grid index. */
export function rowRuns(box: Box): Segment[] {
  return runs(cellsOf(box), null, 0);
}
