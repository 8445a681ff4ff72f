import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db';

/**
 * Table data moved between databases as JSON rows: backups (`npm run db:backup`), their restore, and the
 * one-time copy of a PGlite folder into the embedded cluster. Rows travel through row_to_json and come back
 * through json_populate_recordset, so every column type round-trips through PostgreSQL's own text forms.
 */

const BATCH = 2000;

export type Columns = Record<string, string[]>;

/** Rows of a raw query: both drivers (pg and PGlite) answer with `rows`. */
export async function rows<T>(db: Db, query: string): Promise<T[]> {
  return rowsOf<T>(await db.execute(sql.raw(query)));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema public) and their writable columns. */
export async function tableColumns(db: Db): Promise<Columns> {
  const list = await rows<{ t: string; c: string }>(
    db,
    `select c.table_name t, c.column_name c from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const out: Columns = {};
  for (const r of list) (out[r.t] ??= []).push(r.c);
  return out;
}

/** How many drizzle migrations the database has applied (a backup must not be newer than the code). */
export async function migrationCount(db: Db): Promise<number> {
  const r = await rows<{ n: number | string }>(
    db,
    'select count(*)::int n from drizzle.__drizzle_migrations',
  );
  return Number(r[0]?.n ?? 0);
}

/**
 * Streams every table's rows in batches of JSON text (one consistent snapshot: call inside a repeatable-read
 * transaction). A cursor keeps memory flat whatever the table size.
 */
export async function* readTables(
  tx: Db,
  tables: string[],
): AsyncGenerator<{ table: string; json: string; count: number }> {
  for (const table of tables) {
    await tx.execute(
      sql.raw(`declare yj_copy no scroll cursor for select row_to_json(t)::text j from ${ident(table)} t`),
    );
    for (;;) {
      const batch = await rows<{ j: string }>(tx, `fetch ${BATCH} from yj_copy`);
      if (batch.length === 0) break;
      yield { table, json: `[${batch.map((b) => b.j).join(',')}]`, count: batch.length };
      if (batch.length < BATCH) break;
    }
    await tx.execute(sql.raw('close yj_copy'));
  }
}

/**
 * Empties the target's tables for a load: foreign keys are not checked while loading (tables arrive in any
 * order), which needs a superuser — the embedded cluster's user is one.
 */
export async function beginLoad(tx: Db, tables: string[]): Promise<void> {
  await tx.execute(sql.raw('set local session_replication_role = replica'));
  if (tables.length) await tx.execute(sql.raw(`truncate table ${tables.map(ident).join(', ')} cascade`));
}

/** Inserts one batch; columns the source had and the target lacks are dropped, missing ones take defaults. */
export async function loadBatch(
  tx: Db,
  table: string,
  source: string[],
  target: Columns,
  json: string,
): Promise<number> {
  const have = new Set(target[table] ?? []);
  const cols = source.filter((c) => have.has(c)).map(ident);
  if (cols.length === 0) return 0;
  const res = await tx.execute(
    sql`${sql.raw(`insert into ${ident(table)} (${cols.join(', ')}) select ${cols.join(', ')} from json_populate_recordset(null::${ident(table)}, `)}${json}::json)`,
  );
  const r = res as unknown as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Serial columns continue after the highest loaded id. */
export async function resetSequences(tx: Db): Promise<void> {
  const serials = await rows<{ t: string; c: string }>(
    tx,
    `select table_name t, column_name c from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { t, c } of serials) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${ident(t).replace(/'/g, "''")}', '${c.replace(/'/g, "''")}'),
                coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`,
      ),
    );
  }
}
