import {
  GROUP_MAX_EXAMINEES,
  KAOHAO_SHAPE,
  type ImportError,
  type ReportGroupImportResult,
} from '@yj/contracts';
import { fail } from '../../errors';
import { readColumn, REPORTED_ERRORS, SheetError, type ColumnCell } from '../../lib/excel';
import type { NamedMember } from './report-groups.repo';

// 导入考号 of a student analysis group (issue 16): a column of exam numbers kept in Excel, read and sorted into
// the examinees to add and the rows that are not added, with why.

/** The exam numbers of an uploaded file: the column headed 考号, else the first; refused in Chinese when unread. */
export async function readKaohaoFile(file: Buffer): Promise<ColumnCell[]> {
  let cells: ColumnCell[];
  try {
    cells = await readColumn(file, '考号', (t) => KAOHAO_SHAPE.test(t));
  } catch (err) {
    if (err instanceof SheetError) throw fail('sheetUnreadable', { reason: err.message });
    throw err;
  }
  if (!cells.length) throw fail('groupImportNoKaohao');
  if (cells.length > GROUP_MAX_EXAMINEES) throw fail('groupImportTooMany', { max: GROUP_MAX_EXAMINEES });
  return cells;
}

/** The numbers to look up: the well-formed ones, once each. */
export const kaohaosOf = (cells: readonly ColumnCell[]) => [
  ...new Set(cells.filter((c) => !c.formula && KAOHAO_SHAPE.test(c.text)).map((c) => c.text)),
];

export type KaohaoSort = Omit<ReportGroupImportResult, 'matched' | 'added'> & { matched: NamedMember[] };

/**
 * Each row of the file: a new member (`found`: the examinees of the exam the reader may see, by number), one in
 * the group already, a number repeated, not found, or not a number. The problems are the first REPORTED_ERRORS.
 */
export function sortKaohaos(
  cells: readonly ColumnCell[],
  found: readonly NamedMember[],
  inGroup: ReadonlySet<number>,
): KaohaoSort {
  const byKaohao = new Map(found.map((m) => [m.kaohao, m]));
  const firstRow = new Map<string, number>();
  const problems: ImportError[] = [];
  const problem = (row: number, message: string) => problems.push({ row, column: '考号', message });
  const out = { matched: [] as NamedMember[], already: 0, missing: 0, duplicated: 0, invalid: 0 };
  for (const { row, text, formula } of cells) {
    if (formula) {
      out.invalid++;
      problem(row, `第 ${row} 行含有公式，请复制后“粘贴为数值”再导入`);
    } else if (!KAOHAO_SHAPE.test(text)) {
      out.invalid++;
      problem(row, `第 ${row} 行“${text.slice(0, 20)}”不是考号（考号只含数字、字母和短横线）`);
    } else if (firstRow.has(text)) {
      out.duplicated++;
      problem(row, `第 ${row} 行考号 ${text} 与第 ${firstRow.get(text)} 行重复`);
    } else {
      firstRow.set(text, row);
      const m = byKaohao.get(text);
      if (!m) {
        out.missing++;
        problem(row, `第 ${row} 行考号 ${text} 不存在于本次考试（或您无权查看该考生）`);
      } else if (inGroup.has(m.id)) out.already++;
      else out.matched.push(m);
    }
  }
  return { ...out, rows: cells.length, problems: problems.slice(0, REPORTED_ERRORS) };
}
