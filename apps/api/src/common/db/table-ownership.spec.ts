import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as schema from '@app/db';
import { TABLE_OWNERS, TABLE_OWNERSHIP_EXCEPTIONS } from './table-owners';

const MODULES_DIR = path.resolve(__dirname, '..', '..', 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The values a file imports from '@app/db' (type-only imports left out); '*' for a namespace import. */
function valuesImportedFromDb(source: string): string[] {
  const names: string[] = [];
  const re = /import\s+(type\s+)?([^;]*?)\s+from\s+['"]@app\/db['"]/g;
  for (const m of source.matchAll(re)) {
    if (m[1]) continue;
    const clause = m[2];
    if (/\*\s+as\s+\w+/.test(clause)) names.push('*');
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of named.split(',').map((p) => p.trim()).filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      names.push(part.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name);

describe('table ownership', () => {
  it('gives every table of the schema exactly one owning module', () => {
    expect(tables.filter((name) => !(name in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((name) => !tables.includes(name))).toEqual([]);
  });

  it('reads the imports it checks', () => {
    expect(
      valuesImportedFromDb(`import { listings, type ListingRow, users as u } from '@app/db';\nimport type { SavedItemRow } from '@app/db';\nimport * as db from "@app/db";`),
    ).toEqual(['listings', 'users', '*']);
  });

  it("keeps every module to its own tables: another module's table is asked of its service", () => {
    const violations: string[] = [];
    const usedExceptions = new Set<string>();
    for (const file of sourceFiles(MODULES_DIR)) {
      const relative = path.relative(MODULES_DIR, file).split(path.sep).join('/');
      const module = relative.split('/')[0];
      const allowed = TABLE_OWNERSHIP_EXCEPTIONS.find((e) => e.file === relative);
      for (const name of valuesImportedFromDb(readFileSync(file, 'utf8'))) {
        if (name === '*') {
          violations.push(`${relative} imports all of '@app/db': import the tables it owns by name`);
          continue;
        }
        const owner = TABLE_OWNERS[name as keyof typeof TABLE_OWNERS];
        if (!owner || owner === module) continue;
        if (allowed?.tables.includes(name as keyof typeof TABLE_OWNERS)) {
          usedExceptions.add(`${relative}:${name}`);
          continue;
        }
        violations.push(`${relative} uses ${name}, owned by the ${owner} module: ask its service`);
      }
    }
    expect(violations).toEqual([]);
    // an exception nobody needs any more is removed from the list
    const stale = TABLE_OWNERSHIP_EXCEPTIONS.flatMap((e) => e.tables.map((t) => `${e.file}:${t}`)).filter((k) => !usedExceptions.has(k));
    expect(stale).toEqual([]);
  });
});
