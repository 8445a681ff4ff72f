import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportGroupImportResult, ReportGroupsPage } from '@yj/contracts';
import { auditLog, examinee, student } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import { buildClassWithStudents, buildSchool } from '../../../test/factories';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

// 导入考号 of a student 分析组 on test/report.ts's scene: 英语 of 1班 e0 90, e1 60; 2班 e2 70, e3 80, e4 100; the
// teacher teaches 2班. One examinee of another school is put into the exam, with that school's administrator.
const t = appFixture();
let s: ReportScene;
let ids: number[];
let kh: string[];
let otherAdmin: Who;
let otherExaminee: { id: number; kaohao: string };
type Who = ReportScene['teacher'];
type Answer = ReturnType<typeof body<ReportGroupImportResult>>;

const groupsUrl = () => `${s.base}/groups`;
const create = async (who: Who, b: object) => body<{ id: number }>(await who.post(groupsUrl(), b)).data.id;
const sizeOf = async (who: Who, id: number) =>
  body<ReportGroupsPage>(await who.get(`${groupsUrl()}?page=1&size=50`)).data.items.find((g) => g.id === id)
    ?.size;

/** Uploads a file to a group's 导入考号, as a preview or (apply) for good. */
async function upload(
  who: Who,
  groupId: number,
  file: Buffer,
  apply = false,
  name = '考号.xlsx',
): Promise<Answer> {
  const m = multipartFile(name, file);
  const res = await t.app.inject({
    method: 'POST',
    url: `${groupsUrl()}/${groupId}/import${apply ? '?apply=1' : ''}`,
    headers: { ...XHR, cookie: who.cookie, ...m.headers },
    payload: m.payload,
  });
  return body<ReportGroupImportResult>(res);
}

beforeAll(async () => {
  s = await buildReportScene(t);
  ids = s.scene.examinees.map((e) => e.id);
  kh = s.scene.examinees.map((e) => e.kaohao);
  // another school in the exam: one examinee, and its administrator
  const db = t.database.db;
  const other = await buildSchool(db);
  const { banji } = await buildClassWithStudents(db, other.id, 1);
  const [st] = await db.select().from(student).where(eq(student.classId, banji.id));
  const [e] = await db
    .insert(examinee)
    .values({
      examId: s.scene.examId,
      studentId: st!.id,
      schoolId: other.id,
      classId: banji.id,
      kaohao: '20269999',
    })
    .returning();
  otherExaminee = { id: e!.id, kaohao: e!.kaohao };
  otherAdmin = await signInSchoolAdmin(t, other.id);
}, 120_000);

describe('分析组 导入考号', () => {
  it('preview: matched, in the group already, unknown, repeated, not a number; nothing written', async () => {
    const admin = s.scene.admin;
    const g = await create(admin, { name: '导入组', examineeIds: [ids[0]] });
    // the column headed 考号 (the second); row 8 a formula
    const file = await xlsx(
      [
        ['姓名', '考号'],
        ['甲', kh[0]!],
        ['乙', kh[1]!],
        ['丙', kh[3]!],
        ['丁', '99999999'],
        ['戊', kh[1]!],
        ['己', '张三'],
      ],
      (ws) => {
        ws.getCell('B8').value = { formula: 'B3', result: kh[1]! };
      },
    );
    const p = await upload(admin, g, file);
    expect(p.code).toBe(0);
    expect(p.data).toMatchObject({ rows: 7, already: 1, missing: 1, duplicated: 1, invalid: 2, added: 0 });
    expect(p.data.matched.map((m) => m.examineeId)).toEqual([ids[1], ids[3]]);
    expect(p.data.problems.map((x) => x.message)).toEqual([
      '第 5 行考号 99999999 不存在于本次考试（或您无权查看该考生）',
      `第 6 行考号 ${kh[1]} 与第 3 行重复`,
      '第 7 行“张三”不是考号（考号只含数字、字母和短横线）',
      '第 8 行含有公式，请复制后“粘贴为数值”再导入',
    ]);
    expect(await sizeOf(admin, g)).toBe(1);

    // applied: the two found are added in one write, audited; the group's figures follow (英语 90 60 80)
    const a = await upload(admin, g, file, true);
    expect(a.data.added).toBe(2);
    expect(await sizeOf(admin, g)).toBe(3);
    const r = body<Report>(await admin.get(`${groupsUrl()}/${g}/report?subjectId=${s.english}`)).data;
    expect(r.overall.mean).toBeCloseTo(230 / 3, 5);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.group.import'), eq(auditLog.target, `analysis_group:${g}`)));
    expect(audit.map((x) => x.detail)).toEqual([{ rows: 7, added: [ids[1], ids[3]] }]);
    // the same file again: every number is in the group now, nothing added
    const again = await upload(admin, g, file, true);
    expect(again.data).toMatchObject({ matched: [], already: 3, added: 0 });
  });

  it('the first column without a 考号 heading: from row 1, or from row 2 under another heading', async () => {
    const admin = s.scene.admin;
    const g = await create(admin, { name: '首列组', examineeIds: [ids[0]] });
    const bare = await upload(admin, g, await xlsx([[kh[2]!], [kh[4]!]]));
    expect(bare.data.matched.map((m) => m.examineeId)).toEqual([ids[2], ids[4]]);
    const headed = await upload(admin, g, await xlsx([['学生考号'], [kh[2]!]]));
    expect(headed.data).toMatchObject({ rows: 1, missing: 0, invalid: 0 });
  });

  it("only examinees the reader sees: a teacher's other class, another school's number are not found", async () => {
    // the teacher (2班): 1班's e0 is not theirs
    const g = await create(s.teacher, { name: '二班导入', examineeIds: [ids[2]] });
    const t1 = await upload(s.teacher, g, await xlsx([['考号'], [kh[0]!], [kh[3]!]]), true);
    expect(t1.data).toMatchObject({ missing: 1, added: 1 });
    expect(t1.data.matched.map((m) => m.examineeId)).toEqual([ids[3]]);
    // the other school's administrator: their own examinee found, the exam's school's not
    const o = await create(otherAdmin, { name: '外校组', examineeIds: [otherExaminee.id] });
    const o1 = await upload(otherAdmin, o, await xlsx([['考号'], [kh[1]!], [otherExaminee.kaohao]]));
    expect(o1.data).toMatchObject({ missing: 1, already: 1, matched: [] });
    expect(o1.data.problems[0]!.message).toBe(`第 2 行考号 ${kh[1]} 不存在于本次考试（或您无权查看该考生）`);
    // a group the reader cannot see: refused, as the other group routes
    const mine = await create(s.scene.admin, { name: '一班导入', examineeIds: [ids[0]] });
    expect((await upload(s.teacher, mine, await xlsx([[kh[2]!]]))).message).toBe('无权限');
    expect((await upload(otherAdmin, mine, await xlsx([[kh[2]!]]))).message).toBe('无权限');
  });

  it('refuses in Chinese: not an xlsx, no number, too many, a class group, no file', async () => {
    const admin = s.scene.admin;
    const g = await create(admin, { name: '拒绝组', examineeIds: [ids[0]] });
    expect((await upload(admin, g, Buffer.from('考号\n20260001'), false, '考号.csv')).message).toBe(
      '文件不是有效的 Excel（.xlsx）文件，请使用下载的模板填写后上传',
    );
    expect((await upload(admin, g, await xlsx([['考号']]))).message).toBe(
      'Excel 中没有考号：请把考号填在第一列，或填在表头为“考号”的一列',
    );
    const many = await xlsx([['考号'], ...Array.from({ length: 5001 }, (_, i) => [String(30000000 + i)])]);
    expect((await upload(admin, g, many)).message).toBe('一次最多导入 5000 个考号，请分批导入');
    const merged = await xlsx([['考号'], [kh[1]!], [kh[2]!]], (ws) => ws.mergeCells('A2:A3'));
    expect((await upload(admin, g, merged)).message).toContain('含有合并单元格');
    const classes = await create(admin, { name: '班级组', classIds: [s.class2] });
    expect((await upload(admin, classes, await xlsx([[kh[2]!]]))).message).toBe(
      '按班级组成的分析组不能导入考号；请先在“编辑”中改为按学生组成',
    );
    const none = await admin.post(`${groupsUrl()}/${g}/import`, {});
    expect(body(none).message).toBe('请上传 Excel 文件');
    expect(await sizeOf(admin, g)).toBe(1);
  });

  it('the template: a 考号 column (and a name column for checking, not read)', async () => {
    const res = await s.teacher.get(`${s.base}/group-import-template`);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('分析组考号导入模板.xlsx'));
    expect(await readXlsx(res.rawPayload)).toEqual([['考号', '姓名（选填，仅供核对）']]);
  });
});
