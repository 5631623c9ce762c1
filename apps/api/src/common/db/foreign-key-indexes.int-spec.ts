import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Deleting a row checks every foreign key that points at it; without an index on the referencing
 * column, deleting one member scans whole tables (1,000,000 listings) once per reference.
 */
describe('schema: foreign keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('has an index led by the referencing column of every foreign key', async () => {
    const result = await t.db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )
      order by 1, 2`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
