import { TEMPLATE_DB, withAdmin } from './db-admin';

export default async function globalTeardown(): Promise<void> {
  await withAdmin((admin) => admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`));
}
