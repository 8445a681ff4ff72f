import type { SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { eachBatch } from './all-score.repo';
import { loadExcelJs } from '../../lib/excel';

/** Rows fetched from the cursor and written per step: bounds memory whatever the examinee count. */
export const EXPORT_BATCH = 5000;

export type Cell = string | number | null;

export interface SheetSpec<T> {
  sheetName: string;
  headers: string[];
  widths: number[];
  /** feeds the rows in batches (a cursor for the large sheets) */
  source: (onRows: (rows: T[]) => Promise<void>) => Promise<void>;
  toCells: (row: T) => Cell[];
}

/**
 * Streams the rows of `spec.query` into an .xlsx at `file` with exceljs's streaming writer: each row is committed
 * (serialised and dropped) as soon as it is added, so memory holds one batch, never the sheet.
 */
export async function streamSheet<T>(
  file: string,
  spec: SheetSpec<T>,
  onBatch: (written: number) => Promise<void>,
): Promise<number> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(spec.sheetName);
  ws.columns = spec.headers.map((h, i) => ({ header: h, width: spec.widths[i] ?? 12 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let written = 0;
  await spec.source(async (rows) => {
    for (const r of rows) ws.addRow(spec.toCells(r)).commit();
    written += rows.length;
    await onBatch(written);
  });
  ws.commit();
  await wb.commit();
  return written;
}

/** A source reading `query` through a server-side cursor. */
export const cursorSource =
  <T>(db: Db, query: SQL) =>
  (onRows: (rows: T[]) => Promise<void>): Promise<void> =>
    eachBatch<T>(db, query, EXPORT_BATCH, onRows);
