import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { quizCreatorModule } from '../quiz/quiz.module';
import type { DemoRepo } from './demo.repo';

/**
 * A 课堂小测 to try after `npm start`: the 数学 teacher 13800000003's quiz for the first 高一 class, made through the
 * same service the teacher's 新建小测 reaches (its card, scanning and marking are the teacher's to try).
 */
export async function seedDemoQuiz(d: {
  db: Db;
  audit: AuditService;
  repo: (db: Db) => DemoRepo;
}): Promise<void> {
  const repo = d.repo(d.db);
  const teacherId = await repo.userIdByAccount('13800000003');
  const g1 = await repo.gradeByName('高一');
  const [first] = g1 ? await repo.classesOf(g1.id) : [];
  if (teacherId === undefined || !first) return;
  await quizCreatorModule({ db: d.db, audit: d.audit }).create(
    {
      name: '第一周函数小测',
      course: '数学',
      classIds: [first.id],
      options: 4,
      objectiveScore: 3,
      keys: '1-10 ABCDABCDAB',
      subjective: [{ score: 10 }],
      markerIds: [],
    },
    { userId: teacherId, ip: null },
  );
}
