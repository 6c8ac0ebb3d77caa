/** A unique index refusing a row (PostgreSQL 23505), by the index's name, as TypeORM reports it. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const driverError = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** A row id as the database makes them (gen_random_uuid): anything else cannot name a row. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A foreign key refusing a row that names a row which is not there (PostgreSQL 23503), by the key's name. */
export function isForeignKeyViolation(err: unknown, constraint: string): boolean {
  const driverError = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23503' && driverError.constraint === constraint;
}
