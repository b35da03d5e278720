import type { Client } from 'pg';

export const SERVICE_SCHEMAS = ['accounts', 'rooms', 'translate', 'tts'];

/**
 * Rows, in every table of the services' schemas (read from the catalogue, so a table added later is searched too),
 * whose text holds any of `needles`, counted by table.
 */
export async function rowsHolding(sql: Client, needles: string[]): Promise<Record<string, number>> {
  const tables = await sql.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SERVICE_SCHEMAS],
  );
  if (tables.rows.length < 10) throw new Error(`only ${tables.rows.length} tables found in ${SERVICE_SCHEMAS.join(', ')}`);
  const found: Record<string, number> = {};
  for (const { table_schema, table_name } of tables.rows) {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" t WHERE lower(t::text) LIKE ANY($1)`,
      [needles.map((n) => `%${n.toLowerCase()}%`)],
    );
    if (rows[0].n > 0) found[`${table_schema}.${table_name}`] = rows[0].n;
  }
  return found;
}
