import { eq } from 'drizzle-orm';
import { ExamRole } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { banji, grade, school, user } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import { examModule } from '../exam/exam.module';

/**
 * The demo school's first exam, made through the same services a school admin's clicks reach:
 * 高一 midterm with three subjects, examinees numbered by class and seat, a subject manager and reviewers.
 */
export async function seedDemoExam(d: { db: Db; audit: AuditService }): Promise<void> {
  const [sch] = await d.db.select().from(school).where(eq(school.code, 'YG001'));
  const [principal] = await d.db.select().from(user).where(eq(user.account, '13800000001'));
  if (!sch || !principal) return;
  const [g1] = await d.db.select().from(grade).where(eq(grade.name, '高一'));
  const classes = await d.db.select().from(banji).where(eq(banji.gradeId, g1!.id));
  const actor = { userId: principal.id, ip: null };
  // the demo school's administrator, as the capability checks would load them
  const admin = {
    userId: principal.id,
    isAdmin: false,
    schoolAdminOf: [sch.id],
    teacherOf: [],
    examRoles: [],
  };
  const { exams, examinees, roles } = examModule(d);
  const { id: examId } = await exams.createSingle(
    {
      schoolId: sch.id,
      name: '2026学年第一学期高一期中考试',
      gradeId: g1!.id,
      startDate: '2026-11-12',
      endDate: '2026-11-13',
      subjects: [
        { course: '语文', fullScore: 150 },
        { course: '数学', fullScore: 150 },
        { course: '英语', fullScore: 150 },
      ],
    },
    actor,
  );
  await examinees.add(
    examId,
    {
      classIds: classes.map((c) => c.id),
      rule: { kind: 'classSeat', prefix: '26', classDigits: 2, seatDigits: 2 },
      roomSize: 30,
    },
    admin,
    actor,
  );
  const subs = await exams.subjects(examId);
  const teacherId = async (account: string) =>
    (await d.db.select({ id: user.id }).from(user).where(eq(user.account, account)))[0]!.id;
  // the demo seed gives teacher k (phone 138000000{k+2}) the course k mod 9: 语文 02/11/20, 数学 03/12/21, 英语 04/13
  const phone = (k: number) => `138000000${String(k + 2).padStart(2, '0')}`;
  for (const [i, s] of subs.entries()) {
    const lead = await teacherId(phone(i));
    const markers = await Promise.all([i + 9, i + 18].filter((k) => k < 20).map((k) => teacherId(phone(k))));
    await roles.add(
      examId,
      { role: ExamRole.subjectManager, userIds: [lead], subjectId: s.id },
      admin,
      actor,
    );
    await roles.add(
      examId,
      { role: ExamRole.reviewers, userIds: [lead, ...markers], subjectId: s.id },
      admin,
      actor,
    );
  }
}
