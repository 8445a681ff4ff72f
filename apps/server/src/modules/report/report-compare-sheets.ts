import { COMPARE_LEVEL_LABELS, type SchoolComparison } from '@yj/contracts';
import { loadExcelJs } from '../../lib/excel';

const pct = (r: number | null): string => (r === null ? '' : `${(r * 100).toFixed(1)}%`);
const num = (x: number | null): string | number => (x === null ? '' : Math.round(x * 100) / 100);

/**
 * The comparison as an Excel workbook, the cells as on screen: the units compared, the 一分一段 of the whole
 * exam, each question's 得分率 per unit (a subject), and the listed school's students.
 */
export async function comparisonWorkbook(c: SchoolComparison): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, headers: string[], rows: Array<Array<string | number>>) => {
    const ws = wb.addWorksheet(name);
    ws.columns = headers.map((h) => ({ header: h, width: Math.max(10, h.length * 2 + 2) }));
    ws.getRow(1).font = { bold: true };
    ws.addRows(rows);
  };
  const unitRow = (u: SchoolComparison['whole']) => [
    u.name,
    u.sat,
    u.absent,
    num(u.mean),
    num(u.max),
    num(u.min),
    pct(u.rates.excellent.rate),
    pct(u.rates.good.rate),
    pct(u.rates.pass.rate),
    pct(u.rates.low.rate),
    u.rank ?? '',
    num(u.aboveMean),
  ];
  sheet(
    `${COMPARE_LEVEL_LABELS[c.level]}对比`,
    [
      COMPARE_LEVEL_LABELS[c.level],
      '实考',
      '缺考',
      '平均分',
      '最高分',
      '最低分',
      '优秀率',
      '良好率',
      '及格率',
      '低分率',
      '名次',
      '超均',
    ],
    [...c.units.map(unitRow), unitRow(c.whole)],
  );
  sheet(
    '一分一段',
    ['分数', '人数', '累计人数', '累计比例'],
    c.ladder.map((s) => [s.score, s.count, s.cumulative, pct(s.cumulativeRate)]),
  );
  if (c.questions.length)
    sheet(
      '试题得分率',
      ['题号', '满分', '全体', ...c.units.map((u) => u.name)],
      c.questions.map((q) => [q.no, q.full, pct(q.whole), ...q.units.map(pct)]),
    );
  sheet(
    '学生成绩',
    ['考号', '姓名', '班级', '成绩', '联考名次'],
    c.students.map((s) => [s.kaohao, s.name, s.className, s.score ?? '缺考', s.rank ?? '']),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
