import type ExcelJSModule from 'exceljs';
import type { FastifyReply } from 'fastify';

// exceljs holds ~30 MB once loaded: load it with the first spreadsheet, not with the server.
let excelJs: Promise<typeof ExcelJSModule> | undefined;
export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  excelJs ??= import('exceljs').then((m) => m.default);
  return excelJs;
}
import type { ImportError } from '@yj/contracts';
import { fail } from '../errors';
import { NotXlsxError, readFirstSheet, SheetTooLarge, XLSX_LIMITS, type RawSheet } from './xlsx-read';

export interface SheetRow {
  /** the Excel row number, as the user sees it */
  row: number;
  values: Record<string, string>;
}

export interface ReadResult {
  rows: SheetRow[];
  errors: ImportError[];
}

/** Thrown when the file as a whole cannot be read; the message is shown to the user. */
export class SheetError extends Error {}

/** The first worksheet of an import file; a file that cannot be read, or has merged cells, is a SheetError. */
async function firstSheet(buffer: Buffer): Promise<RawSheet> {
  let sheet;
  try {
    sheet = await readFirstSheet(buffer);
  } catch (err) {
    if (err instanceof SheetTooLarge)
      throw new SheetError(`Excel 文件过大：一次最多导入 ${XLSX_LIMITS.rows} 行，请分批导入`);
    if (err instanceof NotXlsxError)
      throw new SheetError('文件不是有效的 Excel（.xlsx）文件，请使用下载的模板填写后上传');
    throw new SheetError('Excel 文件已损坏或格式不受支持，请另存为 .xlsx 后重试');
  }
  if (sheet.merges.length > 0) {
    throw new SheetError(
      `工作表“${sheet.name}”含有合并单元格（${sheet.merges.slice(0, 3).join('、')}），请取消合并后再导入`,
    );
  }
  return sheet;
}

/**
 * Reads the first worksheet: header row 1 must contain every required column (any order, extra columns ignored).
 * Formulas and merged cells are refused, because their shown value is not what the file stores.
 */
export async function readSheet(
  buffer: Buffer,
  required: readonly string[],
  optional: readonly string[] = [],
): Promise<ReadResult> {
  const sheet = await firstSheet(buffer);
  const headerRow = sheet.rows.get(1);
  if (!headerRow) throw new SheetError('Excel 文件中没有工作表或内容为空');
  const header = new Map<string, number>();
  for (const [col, cell] of headerRow) {
    const text = cell.text.replace(/\s|\*/g, '');
    if (text) header.set(text, col);
  }
  const missing = required.filter((h) => !header.has(h));
  if (missing.length) throw new SheetError(`表头缺少列：${missing.join('、')}。请使用下载的模板`);
  const columns = [...required, ...optional].filter((h) => header.has(h));

  const rows: SheetRow[] = [];
  const errors: ImportError[] = [];
  for (const [rowNumber, cells] of sheet.rows) {
    if (rowNumber === 1) continue;
    const values: Record<string, string> = {};
    let any = false;
    for (const h of columns) {
      const cell = cells.get(header.get(h)!);
      if (cell?.formula)
        errors.push({ row: rowNumber, column: h, message: '含有公式，请复制后“粘贴为数值”再导入' });
      values[h] = cell && !cell.formula ? cell.text : '';
      if (values[h]) any = true;
    }
    if (any) rows.push({ row: rowNumber, values });
  }
  if (rows.length === 0 && errors.length === 0) throw new SheetError('Excel 中没有数据行');
  return { rows, errors };
}

/** One cell of a one-column list, by Excel row; `formula`: the file holds a formula there (its text is not read). */
export interface ColumnCell {
  row: number;
  text: string;
  formula: boolean;
}

/**
 * A list kept as one column (exam numbers copied from a class list): the column headed `header` (its cells from
 * row 2), else the first column — from row 1, unless row 1 fails `isValue` and so is a heading of another name.
 * Empty cells are left out; a file that cannot be read is a SheetError, as for readSheet.
 */
export async function readColumn(
  buffer: Buffer,
  header: string,
  isValue: (text: string) => boolean,
): Promise<ColumnCell[]> {
  const sheet = await firstSheet(buffer);
  const first = sheet.rows.get(1);
  const headed = [...(first ?? [])].find(([, c]) => c.text.replace(/\s|\*/g, '') === header)?.[0];
  const col = headed ?? 1;
  const from = headed !== undefined || (first?.get(1) && !isValue(first.get(1)!.text.trim())) ? 2 : 1;
  const cells: ColumnCell[] = [];
  for (const [row, r] of sheet.rows) {
    const c = r.get(col);
    const text = c?.text.trim() ?? '';
    if (row >= from && c && (text || c.formula)) cells.push({ row, text, formula: c.formula });
  }
  return cells;
}

/** Errors an import answers with: the first 100, sorted by row; the message gives how many there are. */
export const REPORTED_ERRORS = 100;

/** The refusal of an import with errors: their count, and the first REPORTED_ERRORS of them (by row). */
export function importErrors(errors: ImportError[], advice: string) {
  const first = [...errors].sort((a, b) => a.row - b.row).slice(0, REPORTED_ERRORS);
  const listed = errors.length > REPORTED_ERRORS ? `（列出前 ${REPORTED_ERRORS} 处）` : '';
  return fail('importFileErrors', { count: errors.length, listed, advice }, first);
}

/** readSheet for an import request: a file that cannot be read becomes the user's error message (code 1). */
export async function readImportSheet(
  buffer: Buffer,
  required: readonly string[],
  optional: readonly string[] = [],
): Promise<ReadResult> {
  try {
    return await readSheet(buffer, required, optional);
  } catch (err) {
    if (err instanceof SheetError) throw fail('sheetUnreadable', { reason: err.message });
    throw err;
  }
}

/** One worksheet with a bold header row, sized columns, and the rows as given. */
export async function writeSheet(
  sheetName: string,
  headers: string[],
  rows: Array<Array<string | number>>,
  widths?: number[],
): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = headers.map((h, i) => ({ header: h, width: widths?.[i] ?? 14 }));
  ws.getRow(1).font = { bold: true };
  ws.addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Several worksheets, each with a bold header row; `note`, when given, is a line above each sheet's header. */
export async function writeBook(
  sheets: Array<{ name: string; headers: string[]; rows: Array<Array<string | number>>; widths?: number[] }>,
  note?: string,
): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    // sheet names: at most 31 characters, none of : \ / ? * [ ]
    const ws = wb.addWorksheet(s.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    s.headers.forEach((_h, i) => (ws.getColumn(i + 1).width = s.widths?.[i] ?? 14));
    if (note) ws.addRow([note]);
    ws.addRow(s.headers).font = { bold: true };
    ws.addRows(s.rows);
  }
  if (!sheets.length) wb.addWorksheet('空');
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers with an .xlsx to download under this name. */
export const sendXlsx = (reply: FastifyReply, filename: string, buffer: Buffer) =>
  reply.type(XLSX_TYPE).header('content-disposition', attachment(filename)).send(buffer);

/** A download name safe for Content-Disposition in every browser. */
export function attachment(filename: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
