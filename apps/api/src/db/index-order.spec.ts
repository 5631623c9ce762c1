import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `ORDER BY x DESC` means DESC NULLS FIRST in PostgreSQL, and an index on `x DESC NULLS LAST` (what
 * drizzle writes for a bare `.desc()`) cannot serve it, even on a NOT NULL column: the planner then
 * reads the whole table and sorts it (the audit log's newest-first page took 26 ms at 50,000 entries
 * and seconds at 5,000,000). Every descending index column is declared `.desc().nullsFirst()`.
 */
describe('index order', () => {
  const metaDir = join(__dirname, '../../../../libs/db/migrations/meta');
  const latest = readdirSync(metaDir)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .pop()!;
  const snapshot = JSON.parse(readFileSync(join(metaDir, latest), 'utf8')) as {
    tables: Record<string, { indexes: Record<string, { columns: Array<{ expression: string; asc: boolean; nulls: string }> }> }>;
  };

  it('has no descending index column with NULLS LAST, which ORDER BY ... DESC cannot use', () => {
    const wrong: string[] = [];
    let descending = 0;
    for (const [table, { indexes }] of Object.entries(snapshot.tables)) {
      for (const [name, index] of Object.entries(indexes)) {
        for (const column of index.columns) {
          if (column.asc) continue;
          descending++;
          if (column.nulls !== 'first') wrong.push(`${table}.${name} (${column.expression})`);
        }
      }
    }
    expect(descending).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
