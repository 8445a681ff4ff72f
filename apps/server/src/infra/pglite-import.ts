import fs from 'node:fs';
import path from 'node:path';
import type { Database, Db } from './db';
import { beginLoad, loadBatch, readTables, resetSequences, rows, tableColumns } from './db-copy';
import { EmbeddedPgError } from './embedded-pg';

/**
 * Earlier versions kept the embedded database in DATA_DIR/db (PGlite). On the first start of the cluster its
 * data is copied in (both migrated to the same schema first) and the folder is renamed, never deleted.
 * Returns the folder's new name, or null when there was nothing to import.
 */
export async function importPgliteIfPresent(dataDir: string, target: Database): Promise<string | null> {
  const old = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(old, 'PG_VERSION'))) return null;
  await target.migrate();
  const columns = await tableColumns(target.db);
  for (const table of Object.keys(columns)) {
    const [found] = await rows<{ e: boolean }>(target.db, `select exists (select 1 from "${table}") e`);
    if (found?.e) {
      throw new EmbeddedPgError(
        `发现旧版内置数据库 ${old}，但新数据库 ${path.join(dataDir, 'pg')} 已有数据，未自动迁移。` +
          `如需迁移旧数据：停止服务，把 ${path.join(dataDir, 'pg')} 与 pg.password 移走后重新启动；如不需要：把 ${old} 改名。\n` +
          `An old PGlite folder ${old} exists but the new cluster already holds data: move one of them aside.`,
      );
    }
  }
  // db.ts imports this module: load it at call time rather than in a static import cycle.
  const { openPglite } = await import('./db');
  const source = await openPglite({ dataDir: old });
  try {
    await source.migrate();
    await copyAll(source.db, target.db, columns);
  } finally {
    await source.close();
  }
  const kept = `${old}.pglite-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}`;
  fs.renameSync(old, kept);
  return kept;
}

async function copyAll(source: Db, target: Db, targetColumns: Record<string, string[]>): Promise<void> {
  const sourceColumns = await tableColumns(source);
  const tables = Object.keys(sourceColumns).filter((t) => t in targetColumns);
  await target.transaction(async (tx) => {
    await beginLoad(tx, Object.keys(targetColumns));
    await source.transaction(async (stx) => {
      for await (const b of readTables(stx, tables)) {
        await loadBatch(tx, b.table, sourceColumns[b.table]!, targetColumns, b.json);
      }
    });
    await resetSequences(tx);
  });
}
