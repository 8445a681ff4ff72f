import ExcelJS from 'exceljs';
import type { ImportError } from '@yj/contracts';

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

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('').trim();
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  return String(v).trim();
}

/**
 * Reads the first worksheet: header row 1 must contain every required column (any order, extra columns ignored).
 * Formulas and merged cells are refused per cell, because their shown value is not what the file stores.
 */
export async function readSheet(buffer: Buffer, required: readonly string[], optional: readonly string[] = []): Promise<ReadResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('文件不是有效的 Excel（.xlsx）文件，请使用下载的模板填写后上传');
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 1) throw new SheetError('Excel 文件中没有工作表或内容为空');
  const merges = (ws.model as { merges?: string[] }).merges ?? [];
  if (merges.length > 0) {
    throw new SheetError(`工作表“${ws.name}”含有合并单元格（${merges.slice(0, 3).join('、')}），请取消合并后再导入`);
  }
  const header = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell).replace(/\s|\*/g, '');
    if (text) header.set(text, col);
  });
  const missing = required.filter((h) => !header.has(h));
  if (missing.length) throw new SheetError(`表头缺少列：${missing.join('、')}。请使用下载的模板`);
  const columns = [...required, ...optional].filter((h) => header.has(h));

  const rows: SheetRow[] = [];
  const errors: ImportError[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const h of columns) {
      const cell = r.getCell(header.get(h)!);
      if (cell.type === ExcelJS.ValueType.Formula) {
        errors.push({ row: rowNumber, column: h, message: '含有公式，请复制后“粘贴为数值”再导入' });
      }
      values[h] = cell.type === ExcelJS.ValueType.Formula ? '' : cellText(cell);
      if (values[h]) any = true;
    }
    if (any) rows.push({ row: rowNumber, values });
  });
  if (rows.length === 0 && errors.length === 0) throw new SheetError('Excel 中没有数据行');
  return { rows, errors };
}

/** One worksheet with a bold header row, sized columns, and the rows as given. */
export async function writeSheet(sheetName: string, headers: string[], rows: Array<Array<string | number>>, widths?: number[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = headers.map((h, i) => ({ header: h, width: widths?.[i] ?? 14 }));
  ws.getRow(1).font = { bold: true };
  ws.addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A download name safe for Content-Disposition in every browser. */
export function attachment(filename: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
