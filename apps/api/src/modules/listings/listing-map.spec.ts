import { GRID_CELLS_PER_DEGREE, GRID_COLUMNS } from '@app/db';
import { cellsOf, clusterLevel, MAX_CLUSTERS_PER_SIDE, planBox, type Box } from './listing-map';

/** Every level-0 cell a plan counts, with how many times: blocks (rows and columns) and strips. */
function coverage(box: Box, top: number) {
  const plan = planBox(box, top);
  const seen = new Map<number, number>();
  const add = (r: number, c: number) => seen.set(r * GRID_COLUMNS + c, (seen.get(r * GRID_COLUMNS + c) ?? 0) + 1);
  const block = (level: number, r: number, c: number) => {
    for (let i = 0; i < 2 ** level; i++) for (let j = 0; j < 2 ** level; j++) add(r * 2 ** level + i, c * 2 ** level + j);
  };
  for (const s of plan.rows) for (let id = s.lo; id <= s.hi; id++) block(s.level, Math.floor(id / GRID_COLUMNS), id % GRID_COLUMNS);
  for (const s of plan.columns) for (let id = s.lo; id <= s.hi; id++) block(s.level, id % GRID_COLUMNS, Math.floor(id / GRID_COLUMNS));
  for (const s of plan.strips) for (let r = s.r0; r <= s.r1; r++) for (let c = s.c0; c <= s.c1; c++) add(r, c);
  return { plan, seen };
}

describe('map box plans', () => {
  const boxes: Box[] = [
    { south: 14.5, north: 14.52, west: 121, east: 121.02 },
    { south: 14.50123, north: 14.61987, west: 120.9871, east: 121.2013 },
    { south: 13.6, north: 15.6, west: 120, east: 122 },
    { south: 9.00123, north: 10.4567, west: 123.0111, east: 124.5333 },
    { south: 14.6, north: 14.601, west: 121, east: 121.3 },
  ];

  it('counts every cell of a box exactly once: whole blocks inside, strips at the edges', () => {
    for (const box of boxes) {
      for (const top of [0, 2, 5, 8]) {
        const { plan, seen } = coverage(box, top);
        const cells = cellsOf(box);
        expect(plan.base).toBe(0);
        expect(seen.size).toBe((cells.r1 - cells.r0 + 1) * (cells.c1 - cells.c0 + 1));
        expect([...seen.values()].every((n) => n === 1)).toBe(true);
        const outside = [...seen.keys()].filter((id) => {
          const [r, c] = [Math.floor(id / GRID_COLUMNS), id % GRID_COLUMNS];
          return r < cells.r0 || r > cells.r1 || c < cells.c0 || c > cells.c1;
        });
        expect(outside).toEqual([]);
        // the cells the box's edges cross are read listing by listing, never counted whole
        const edge = plan.strips;
        for (const [r, c] of [[cells.r0, cells.c0], [cells.r1, cells.c1], [cells.r0, cells.c1]]) {
          expect(edge.some((s) => r >= s.r0 && r <= s.r1 && c >= s.c0 && c <= s.c1)).toBe(true);
        }
      }
    }
  });

  it('reads a bounded number of runs whatever the box: four per level below the top, four strips', () => {
    const { plan } = coverage({ south: 13.6, north: 15.6, west: 120, east: 122 }, 8);
    expect(plan.rows.length + plan.columns.length).toBeLessThanOrEqual(8 * 4 + 2);
    expect(plan.strips.length).toBeLessThanOrEqual(4);
  });

  it('widens a box taller than 4° to whole blocks, with no strips', () => {
    const box = { south: 4.5, north: 21.5, west: 116, east: 127 };
    const plan = planBox(box, 8);
    expect(plan.base).toBeGreaterThan(0);
    expect(plan.strips).toEqual([]);
    expect(plan.box.south).toBeLessThanOrEqual(box.south);
    expect(plan.box.north).toBeGreaterThanOrEqual(box.north);
    expect((plan.box.north - plan.box.south) * GRID_CELLS_PER_DEGREE).toBeLessThanOrEqual(801 * 2 ** plan.base);
  });

  it('picks clusters about a quarter of a tile across, at most 32 across the box', () => {
    const small = { south: 14.5, north: 14.52, west: 121, east: 121.02 };
    expect(clusterLevel(16, small)).toBe(0);
    expect(clusterLevel(10, small)).toBe(4); // 360/1024/4 ≈ 0.088° ≈ 16 cells
    const wide = { south: 13.6, north: 15.6, west: 120, east: 122 };
    expect(2 ** clusterLevel(19, wide) * MAX_CLUSTERS_PER_SIDE).toBeGreaterThanOrEqual(2 * GRID_CELLS_PER_DEGREE);
    expect(clusterLevel(0, wide)).toBe(8);
  });
});
