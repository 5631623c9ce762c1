import { randomBytes } from 'node:crypto';
import { openDatabase } from '@app/db';
import { loadReferenceAttributes } from '../src/modules/places/reference-attributes';
import { loadReferenceCentroids } from '../src/modules/places/reference-centroids';
import { loadReferencePlaces } from '../src/modules/places/reference-places';
import { templateDb, urlFor, withAdmin } from './db-admin';

/**
 * Builds the migrated template database (with the PSGC reference places) once per run; test files
 * clone it. The run id goes to the test workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  process.env.TAHANAN_TEST_RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${templateDb()}"`));
  const handle = await openDatabase({ url: urlFor(templateDb()), poolSize: 1 });
  await handle.migrate();
  await loadReferencePlaces(handle.db);
  await loadReferenceCentroids(handle.db);
  await loadReferenceAttributes(handle.db);
  await handle.close();
}
