import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AllScorePage,
  ExamineeListPage,
  ImportError,
  ScoreCheck,
  ScoreImportResult,
} from '@yj/contracts';
import { auditLog, score, subject } from '../../db/schema';
import { body, XHR, type Client } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import { buildSchool, buildSchoolAdmin, signInAs } from '../../../test/factories';
import { buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// A subject not marked here (英语, 满分 100, no sheet) of the score scene's exam: its four examinees 20260001…4.
const t = appFixture();
let scene: ScoreScene;
let english: number;
let other: Client;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 4);
  const [s] = await t.database.db
    .insert(subject)
    .values({ examId: scene.examId, course: '英语', name: '英语', fullScore: 100, sort: 2 })
    .returning();
  english = s!.id;
  const s2 = await buildSchool(t.database.db, { name: '外校' });
  other = await signInAs(t, await buildSchoolAdmin(t.database.db, s2.id));
}, 60_000);

const send = async (
  subjectId: number,
  rows: Array<Array<string | number>>,
  onlyValid = false,
  cookie = scene.admin.cookie,
) => {
  const m = multipartFile('成绩.xlsx', await xlsx(rows));
  const res = await t.app.inject({
    method: 'POST',
    url: `/filter/api/subject/${subjectId}/score/import?onlyValid=${onlyValid}`,
    headers: { ...XHR, cookie, ...m.headers },
    payload: m.payload,
  });
  return body<ScoreImportResult | ImportError[]>(res);
};

const scores = () =>
  t.database.db
    .select({ examineeId: score.examineeId, total: score.total, absent: score.absent })
    .from(score)
    .where(eq(score.subjectId, english));

describe('POST subject/:id/score/import', () => {
  it('lists every bad row in Chinese and writes nothing', async () => {
    const r = await send(english, [
      ['考号', '姓名', '成绩'],
      ['20260001', '学生1', 88.5],
      ['20260002', '别人', 70],
      ['20269999', '', 60],
      ['20260001', '', 50],
      ['20260003', '', 101],
      ['20260004', '', 'abc'],
      ['', '学生9', ''],
    ]);
    expect(r.code).toBe(1);
    expect(r.message).toBe('导入文件有 7 处错误，请修改后重新导入，或选择“仅导入正确的行”');
    expect((r.data as ImportError[]).map((e) => [e.row, e.column, e.message])).toEqual([
      [3, '姓名', '姓名与考号不符（系统中为“学生2”）'],
      [4, '考号', '考号 20269999 不在本次考试的考生中'],
      [5, '考号', '考号重复（与第 2 行相同）'],
      [6, '成绩', '成绩不能超过满分 100'],
      [7, '成绩', '成绩应为不小于 0、最多一位小数的数字，或“缺考”'],
      [8, '考号', '考号不能为空'],
      [8, '成绩', '成绩不能为空（缺考请填“缺考”）'],
    ]);
    expect(await scores()).toEqual([]);
  });

  it('writes the right rows (缺考 apart from 0), audited; all_score shows them; a recompute keeps them', async () => {
    const r = await send(
      english,
      [
        ['考号', '姓名', '成绩'],
        ['20260001', '学生1', 88.5],
        ['20260002', '', '缺考'],
        ['20260003', '', 0],
        ['20269999', '', 60],
      ],
      true,
    );
    expect(r).toMatchObject({ code: 0, data: { imported: 3, absent: 1, skipped: 1 } });
    const rows = (await scores()).sort((a, b) => a.examineeId - b.examineeId);
    expect(rows.map((x) => [x.total, x.absent])).toEqual([
      [88.5, false],
      [null, true],
      [0, false],
    ]);
    const all = body<AllScorePage>(await scene.admin.get(`/filter/api/exam/${scene.examId}/all_score`)).data;
    expect(all.items.map((x) => x.subjects[String(english)])).toEqual([
      { total: 88.5, status: 'ok' },
      { total: null, status: 'absent' },
      { total: 0, status: 'ok' },
      { total: null, status: 'missing' },
    ]);
    // the imported figures settle those examinees: only 20260004 is left without a score
    const check = body<ScoreCheck>(await scene.admin.get(`/filter/api/subject/${english}/score/check`)).data;
    expect(check.blockers.find((x) => x.kind === 'missing')?.count).toBe(1);
    const ok = body<ExamineeListPage>(
      await scene.admin.get(`/filter/api/api/subject/${english}/getExamineeList/ok`),
    ).data;
    expect(ok.items.map((x) => [x.kaohao, x.status])).toEqual([
      ['20260001', 'ok'],
      ['20260003', 'ok'],
    ]);
    expect(body(await scene.admin.post(`/filter/api/subject/${english}/score/recompute`, {})).code).toBe(0);
    expect((await scores()).length).toBe(3);
    const [kept] = await t.database.db
      .select({ total: score.total })
      .from(score)
      .where(and(eq(score.subjectId, english), eq(score.examineeId, scene.examinees[0]!.id)));
    expect(kept!.total).toBe(88.5);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'score.import'));
    expect(audit).toHaveLength(1);
  });

  it('the template lists the examinees to fill in', async () => {
    const res = await scene.admin.get(`/filter/api/subject/${english}/score/import/template`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['考号', '姓名', '成绩']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['20260001', '20260002', '20260003', '20260004']);
  });

  it('refuses a scanned subject, a file without the columns, a teacher and another school', async () => {
    await scene.addPaper(scene.examinees[0]!.id, {});
    const scanned = await send(scene.subjectId, [
      ['考号', '成绩'],
      ['20260001', 10],
    ]);
    expect(scanned.message).toBe('本科目已扫描答题卡，成绩由阅卷得出，不能导入');
    expect(
      (
        await send(english, [
          ['学号', '分数'],
          ['1', 2],
        ])
      ).message,
    ).toBe('表头缺少列：考号、成绩。请使用下载的模板');
    const oneScore = [
      ['考号', '成绩'],
      ['20260001', 1],
    ];
    for (const cookie of [scene.teacher.cookie, other.cookie]) {
      expect((await send(english, oneScore, false, cookie)).message).toBe('无权限');
    }
    expect(body(await scene.admin.get('/filter/api/subject/0/score/import/template')).code).not.toBe(0);
  });
});
