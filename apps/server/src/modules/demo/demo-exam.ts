import { ExamRole } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { examModule } from '../exam/exam.module';
import type { DemoRepo } from './demo.repo';

/**
 * The demo school's first exam, made through the same services a school admin's clicks reach:
 * 高一 midterm with three subjects, examinees numbered by class and seat, a subject manager and reviewers.
 */
export async function seedDemoExam(d: {
  db: Db;
  audit: AuditService;
  repo: (db: Db) => DemoRepo;
}): Promise<void> {
  const repo = d.repo(d.db);
  const sch = await repo.schoolByCode('YG001');
  const principalId = await repo.userIdByAccount('13800000001');
  if (!sch || principalId === undefined) return;
  const g1 = await repo.gradeByName('高一');
  const classes = await repo.classesOf(g1!.id);
  const actor = { userId: principalId, ip: null };
  // the demo school's administrator, as the capability checks would load them
  const admin = {
    userId: principalId,
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
  const teacherId = async (account: string) => (await repo.userIdByAccount(account))!;
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
