import type { ImportError } from '@yj/contracts';
import type { SheetRow } from '../../lib/excel';

export interface ParsedScore {
  row: number;
  examineeId: number;
  /** null when absent */
  total: number | null;
  absent: boolean;
}

/**
 * Checks the rows of a score import against the exam's examinees (考号 → id and name) and the full score; pure, so
 * every message is tested without a database. A row is right or reported, column by column.
 */
export function validateScoreRows(
  rows: SheetRow[],
  examinees: Map<string, { id: number; name: string }>,
  fullScore: number,
): { valid: ParsedScore[]; errors: ImportError[] } {
  const valid: ParsedScore[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const before = errors.length;
    const kaohao = values['考号']?.trim() ?? '';
    const raw = values['成绩']?.trim() ?? '';
    const name = values['姓名']?.trim() ?? '';
    const e = examinees.get(kaohao);
    if (!kaohao) errors.push({ row, column: '考号', message: '考号不能为空' });
    else if (!e) errors.push({ row, column: '考号', message: `考号 ${kaohao} 不在本次考试的考生中` });
    else if (seen.has(kaohao))
      errors.push({ row, column: '考号', message: `考号重复（与第 ${seen.get(kaohao)} 行相同）` });
    else if (name && name !== e.name)
      errors.push({ row, column: '姓名', message: `姓名与考号不符（系统中为“${e.name}”）` });
    if (kaohao && !seen.has(kaohao)) seen.set(kaohao, row);
    const absent = raw === '缺考';
    const total = absent ? null : Number(raw);
    if (!raw) errors.push({ row, column: '成绩', message: '成绩不能为空（缺考请填“缺考”）' });
    else if (!absent && (!/^\d+(\.\d)?$/.test(raw) || !Number.isFinite(total)))
      errors.push({ row, column: '成绩', message: '成绩应为不小于 0、最多一位小数的数字，或“缺考”' });
    else if (total !== null && total > fullScore)
      errors.push({ row, column: '成绩', message: `成绩不能超过满分 ${fullScore}` });
    if (errors.length === before && e) valid.push({ row, examineeId: e.id, total, absent });
  }
  return { valid, errors };
}
