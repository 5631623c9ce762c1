/** PostgreSQL error codes the services turn into answers (drizzle may wrap the driver's error in `cause`). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A statement cancelled by `statement_timeout` (or a cancel request). */
export const PG_QUERY_CANCELED = '57014';

export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === PG_UNIQUE_VIOLATION;
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION;
export const isQueryCanceled = (err: unknown) => pgErrorCode(err) === PG_QUERY_CANCELED;
