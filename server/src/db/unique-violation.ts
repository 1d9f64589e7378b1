/**
 * Whether the database refused a write for a duplicate key: SQLite says "UNIQUE constraint failed"
 * (code SQLITE_CONSTRAINT_UNIQUE), PostgreSQL "duplicate key value violates unique constraint".
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return /unique|duplicate key/i.test(`${error.message} ${code}`);
}
