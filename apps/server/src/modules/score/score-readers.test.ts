import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AllScorePage,
  ExamineeListPage,
  OperationPermission,
  Paged,
  ScoreStudentsPage,
} from '@yj/contracts';
import { examRole, teacherClass } from '../../db/schema';
import { body } from '../../../test/app';
import { buildTeacher, signInAs } from '../../../test/factories';
import { buildReportScene, publishMathPapers, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';

// Who reads students' own scores (score.students.read) and the roster (exam.roster.read): the report scene's
// exam (高一(1)班 e0 e1, 高一(2)班 e2 e3 e4; 数学 and 英语). A marker of 数学 who teaches no class reads neither,
// while marking nor once published; a teacher of 高一(2)班 reads that class only; the school's administrator and
// the exam's manager read everyone; another school's administrator nothing.
type Client = ReportScene['teacher'];
const t = appFixture();
let s: ReportScene;
let marker: Client;
/** a marker of 数学 who teaches 高一(1)班 */
let teaching: Client;
let manager: Client;

beforeAll(async () => {
  s = await buildReportScene(t);
  const db = t.database.db;
  const { examId, subjectId, schoolId } = s.scene;
  const m = await buildTeacher(db, schoolId);
  const x = await buildTeacher(db, schoolId);
  const c = await buildTeacher(db, schoolId);
  await db.insert(teacherClass).values({ schoolId, userId: c.id, classId: s.scene.classId });
  await db.insert(examRole).values([
    { examId, subjectId, schoolId, userId: m.id, role: 4 },
    { examId, subjectId, schoolId, userId: c.id, role: 4 },
    { examId, subjectId: null, schoolId: null, userId: x.id, role: 1 },
  ]);
  marker = await signInAs(t, m);
  teaching = await signInAs(t, c);
  manager = await signInAs(t, x);
}, 60_000);

const kaohaos = (items: Array<{ kaohao: string }>) => items.map((i) => i.kaohao).sort();
const all = () => kaohaos(s.scene.examinees);
const class2 = () => kaohaos(s.scene.examinees.slice(2));

async function read(who: Client) {
  const { examId, subjectId } = s.scene;
  const students = body<ScoreStudentsPage>(await who.get(`/filter/api/subject/${subjectId}/score/students`));
  const allScore = body<AllScorePage>(await who.get(`/filter/api/exam/${examId}/all_score`));
  const list = body<ExamineeListPage>(
    await who.get(`/filter/api/api/subject/${subjectId}/getExamineeList/all`),
  );
  const roster = body<Paged<{ kaohao: string }>>(
    await who.post(`/filter/api/exam/${examId}/examinees`, { page: 1, size: 50 }),
  );
  const shown = (b: { code: number; message: string; data: { items: Array<{ kaohao: string }> } }) =>
    b.code === 0 ? kaohaos(b.data.items) : b.message;
  return { students: shown(students), allScore: shown(allScore), list: shown(list), roster: shown(roster) };
}

const permission = async (who: Client) =>
  body<OperationPermission>(
    await who.get(`/filter/yue/api/subject/${s.scene.subjectId}/operation/permission`),
  ).data;

describe('students’ own scores and the roster', () => {
  it('while marking: the marker lists no roster and no scores; the school’s administrator does', async () => {
    expect(await read(marker)).toEqual({
      students: '无权限',
      allScore: '无权限',
      list: '无权限',
      roster: '无权限',
    });
    expect((await read(s.scene.admin)).roster).toEqual(all());
    expect((await read(manager)).roster).toEqual(all());
  });

  it('once published, each role reads the students it may, and no more', async () => {
    await publishMathPapers(t, s);
    const refused = { students: '无权限', allScore: '无权限', list: '无权限', roster: '无权限' };
    // a marker of 数学 teaching no class: was every student's name, 考号 and score of the school
    expect(await read(marker)).toEqual(refused);
    // a teacher of no class and no role
    expect(await read(s.idle)).toEqual(refused);
    // another school's administrator
    expect(await read(s.stranger)).toEqual(refused);
    // a marker who teaches 高一(1)班: that class's students
    const class1 = kaohaos(s.scene.examinees.slice(0, 2));
    expect(await read(teaching)).toEqual({
      students: class1,
      allScore: class1,
      list: class1,
      roster: '无权限',
    });
    // the teacher of 高一(2)班 (no exam role): that class's students; the roster is the exam staff's
    expect(await read(s.teacher)).toEqual({
      students: class2(),
      allScore: class2(),
      list: class2(),
      roster: '无权限',
    });
    const everyone = { students: all(), allScore: all(), list: all(), roster: all() };
    expect(await read(s.scene.admin)).toEqual(everyone);
    expect(await read(manager)).toEqual(everyone);
  });

  it('the permission answer says so, so the web shows 学生成绩 and 考生名单 only to those allowed', async () => {
    const flags = async (who: Client) => {
      const p = await permission(who);
      return [p.scoreRead, p.studentScores, p.roster];
    };
    expect(await flags(marker)).toEqual([true, false, false]);
    expect(await flags(teaching)).toEqual([true, true, false]);
    expect(await flags(s.scene.admin)).toEqual([true, true, true]);
    expect(await flags(manager)).toEqual([true, true, true]);
  });
});
