import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SubjectStatus } from '@yj/contracts';
import { subject } from '../../db/schema';
import { body } from '../../../test/app';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';

// Who may ask is settled before what the exam's state is: another school's administrator learns neither that
// the exam exists nor which of its subjects are published (本次考试还没有已发布成绩的科目) — 无权限 first.
const t = appFixture();
let s: ReportScene;
beforeAll(async () => {
  s = await buildReportScene(t);
  // no subject published yet: 英语 back to 阅卷完成, 数学 never published
  await t.database.db.update(subject).set({ status: SubjectStatus.done }).where(eq(subject.id, s.english));
}, 60_000);

const message = async (who: ReportScene['stranger'], url: string) => body(await who.get(url)).message;

describe('the report routes before publishing', () => {
  it('answer another school’s administrator 无权限, those who see the exam its state', async () => {
    const { base, scene } = s;
    const math = `subjectId=${scene.subjectId}`;
    const e0 = scene.examinees[0]!.id;
    const routes: Array<[string, string]> = [
      [base, '本次考试还没有已发布成绩的科目'],
      [`${base}?${math}`, '数学的成绩尚未发布，发布后才能查看报表'],
      [`${base}/export?sheet=classes`, '本次考试还没有已发布成绩的科目'],
      [`${base}/students`, '本次考试还没有已发布成绩的科目'],
      [`${base}/students?${math}`, '数学的成绩尚未发布，发布后才能查看报表'],
      [`${base}/students/export`, '本次考试还没有已发布成绩的科目'],
      [`${base}/progress?earlierExamId=${scene.examId + 1000}`, '考试不存在或已删除'],
      [`${base}/commentary?${math}&classId=${scene.classId}`, '数学的成绩尚未发布，发布后才能查看报表'],
      [
        `${base}/commentary/export?${math}&classId=${scene.classId}`,
        '数学的成绩尚未发布，发布后才能查看报表',
      ],
      [`${base}/student/${e0}`, '本次考试还没有已发布成绩的科目'],
    ];
    for (const [url, state] of routes) {
      expect([url, await message(s.stranger, url)]).toEqual([url, '无权限']);
      expect([url, await message(scene.admin, url)]).toEqual([url, state]);
    }
    // a teacher of 高一(2)班 sees the exam: told its state; one who teaches no class of it is refused
    expect(await message(s.teacher, base)).toBe('本次考试还没有已发布成绩的科目');
    expect(await message(s.idle, base)).toBe('无权限');
  });
});
