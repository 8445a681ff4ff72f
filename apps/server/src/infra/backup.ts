import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from './db';
import {
  beginLoad,
  loadBatch,
  migrationCount,
  readTables,
  resetSequences,
  tableColumns,
  type Columns,
} from './db-copy';

/**
 * `npm run db:backup` / `db:restore`. The embedded binaries ship no pg_dump (and a system pg_dump older than
 * the server refuses to dump it), so a backup is the application's tables as gzipped JSON lines: a header
 * (format, migrations applied, columns per table) then batches of rows. It restores into the same or a newer
 * version of the application, on the embedded cluster or any PostgreSQL.
 */

const FORMAT = 'yuejuan-backup';

interface Header {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  migrations: number;
  tables: Columns;
}

export class BackupError extends Error {}

function stamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** Writes a consistent snapshot of every table into dir; returns the file's path and the row count. */
export async function writeBackup(database: Database, dir: string): Promise<{ file: string; rows: number }> {
  fs.mkdirSync(dir, { recursive: true });
  const now = new Date();
  const file = path.join(dir, `yuejuan-${stamp(now)}.jsonl.gz`);
  const partial = `${file}.partial`;
  let rows = 0;
  await database.db.transaction(
    async (tx) => {
      const tables = await tableColumns(tx);
      const header: Header = {
        format: FORMAT,
        version: 1,
        createdAt: now.toISOString(),
        migrations: await migrationCount(tx),
        tables,
      };
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for await (const b of readTables(tx, Object.keys(tables))) {
          rows += b.count;
          yield `{"t":${JSON.stringify(b.table)},"rows":${b.json}}\n`;
        }
      }
      await pipeline(lines, createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Renamed only when complete: a half-written backup never looks like a good one.
  fs.renameSync(partial, file);
  return { file, rows };
}

/** Replaces every table's rows with the backup's, in one transaction (all or nothing). */
export async function restoreBackup(database: Database, file: string): Promise<{ rows: number }> {
  if (!fs.existsSync(file)) throw new BackupError(`备份文件不存在：${file}`);
  const input = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  const it = input[Symbol.asyncIterator]();
  let header: Header;
  try {
    header = JSON.parse(((await it.next()).value as string | undefined) ?? '') as Header;
  } catch {
    throw new BackupError(`不是阅卷平台的备份文件：${file}`);
  }
  if (header.format !== FORMAT) throw new BackupError(`不是阅卷平台的备份文件：${file}`);
  await database.migrate();
  const applied = await migrationCount(database.db);
  if (header.migrations > applied) {
    throw new BackupError(
      `该备份来自更新版本的阅卷平台（数据库迁移 ${header.migrations} 个，当前 ${applied} 个），请先升级程序再恢复。`,
    );
  }
  const target = await tableColumns(database.db);
  let rows = 0;
  await database.db.transaction(async (tx) => {
    await beginLoad(tx, Object.keys(target));
    for (let next = await it.next(); !next.done; next = await it.next()) {
      const line = next.value as string;
      if (!line) continue;
      // the table name sits before the rows: parse only it, hand the rows to PostgreSQL as text
      const table = JSON.parse(line.slice(5, line.indexOf(',"rows":'))) as string;
      const json = line.slice(line.indexOf(',"rows":') + 8, -1);
      rows += await loadBatch(tx, table, header.tables[table] ?? [], target, json);
    }
    await resetSequences(tx);
  });
  input.close();
  return { rows };
}
