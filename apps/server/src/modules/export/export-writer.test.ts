import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { streamSheet } from './export-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('streamSheet', () => {
  it('writes the batches as they come, reporting the rows written after each (the progress bar)', async () => {
    const file = path.join(dir, 'a.xlsx');
    const seen: number[] = [];
    const rows = await streamSheet<{ k: string; v: number | null }>(
      file,
      {
        sheetName: '考试总分',
        headers: ['考号', '总分'],
        widths: [12, 8],
        source: async (on) => {
          await on([
            { k: '1', v: 10 },
            { k: '2', v: null },
          ]);
          await on([{ k: '3', v: 7.5 }]);
        },
        toCells: (r) => [r.k, r.v ?? '缺考'],
      },
      async (written) => void seen.push(written),
    );
    expect(rows).toBe(3);
    expect(seen).toEqual([2, 3]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('考试总分')!;
    const values: unknown[][] = [];
    ws.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    expect(values).toEqual([
      ['考号', '总分'],
      ['1', 10],
      ['2', '缺考'],
      ['3', 7.5],
    ]);
    expect(ws.getRow(1).font?.bold).toBe(true);
  });
});
