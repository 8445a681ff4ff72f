import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortalExamDetail } from '@yj/contracts';
import { examinee, examPublishSetting, student } from '../../db/schema';
import { body } from '../../../test/app';
import { buildBureauScene, publishBureauScores, type BureauScene } from '../../../test/bureau';
import { portalClient } from '../../../test/portal';
import { appFixture } from '../../../test/app-fixture';

// 学生端 of a 联考 (issue 32): beside the class and the own school's grade, the figures among every school's
// examinees — the figures of the reports (东区联考: whole exam 340 / 5 = 68, highest 100; 一中 80).
const t = appFixture();
let s: BureauScene;
beforeAll(async () => {
  s = await buildBureauScene(t);
  await publishBureauScores(t, s);
  const made = await s.a1Admin.post(`/filter/api/school/${s.schools[0]!.id}/portal/accounts`, {});
  if (body(made).code !== 0) throw new Error(body(made).message);
});

describe('a 联考 in the student’s results', () => {
  it('shows the 联考 mean, highest and rank among all its schools as 发布设置 allows', async () => {
    // 一中's second examinee: 70 (一中 90 and 70; 二中 50 and 100; 三中 30 and 缺考)
    const [x] = await t.database.db
      .select({ xuehao: student.xuehao })
      .from(examinee)
      .innerJoin(student, eq(student.id, examinee.studentId))
      .where(eq(examinee.id, s.examinees[1]!.id));
    const c = await portalClient(t.app, t.database.db, s.schools[0]!.id, x!.xuehao);
    const exam = async () => body<PortalExamDetail>(await c.get(`/filter/api/portal/exams/${s.examId}`)).data;
    const d = await exam();
    expect(d.joint).toBe(true);
    expect(d.total.score).toBe(70);
    expect(d.total.standing).toEqual({
      classAvg: 80,
      gradeAvg: 80,
      classMax: 90,
      gradeMax: 90,
      unionAvg: 68,
      unionMax: 100,
    });
    expect(d.subjects[0]!.standing).toMatchObject({ unionAvg: 68, unionMax: 100 });

    const setting = { showAverages: false, showPaper: true, showAnswers: true, openToParents: true };
    await t.database.db.insert(examPublishSetting).values({ examId: s.examId, rankMode: 'rank', ...setting });
    expect((await exam()).total.standing).toEqual({
      classRank: 2,
      gradeRank: 2,
      unionRank: 3,
      unionCount: 5,
    });
    await t.database.db
      .update(examPublishSetting)
      .set({ rankMode: 'band' })
      .where(eq(examPublishSetting.examId, s.examId));
    // rank 2 of 2 in the school: 后 40%; 3 of 5 in the 联考: 前 60%
    expect((await exam()).total.standing).toEqual({ band: '后 40%', unionBand: '前 60%' });
  });
});
