import { randomPassword } from '../../lib/crypto';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { MessageService } from '../message/message.service';
import type { demoRepo } from './demo.repo';
import { chineseName, rng } from './names';
import type { DemoAccount } from './demo-account';
import { seedDemoBureau } from './demo-bureau';

export { randomPassword };

export type { DemoAccount };

const COURSES = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治'];
const GRADES = [
  { name: '高一', entryYear: 2026 },
  { name: '高二', entryYear: 2025 },
  { name: '高三', entryYear: 2024 },
];
const CLASSES_PER_GRADE = 2;
const STUDENTS_PER_CLASS = 35;
const TEACHERS = 20;

/**
 * The demo's teaching assignments (任课): teacher k teaches course k mod {courses}, and the n-th teacher of a
 * course (k = course, course + courses, …) teaches both classes of the n-th grade — so 13800000002 (语文) teaches
 * 高一(1)(2), 13800000011 (语文) 高二 and 13800000020 (语文) 高三. Grades past the last one get no teacher.
 */
export function teachingAssignments(
  teachers: number,
  courses: number,
  classIdsByGrade: number[][],
): Array<{ teacher: number; classId: number }> {
  return Array.from({ length: teachers }, (_, k) =>
    (classIdsByGrade[Math.floor(k / courses)] ?? []).map((classId) => ({ teacher: k, classId })),
  ).flat();
}

/**
 * Seeds the demo bureau, school, grades, classes, ~200 students and 20 teachers, all in one transaction.
 * Runs only on an empty database; returns the accounts created (all share one password).
 */
export async function seedDemo(
  d: { db: Db; audit: AuditService; messages: MessageService; repo: typeof demoRepo },
  password: string,
) {
  if (await d.repo(d.db).hasAnyUser()) return null;
  const hash = await hashPassword(password);
  const rand = rng(20261122);
  const accounts: DemoAccount[] = [];
  await d.db.transaction(async (tx) => {
    const repo = d.repo(tx);
    const city = await repo.insertOrg({ name: '阳光市教育局', level: 2, typeCode: 'edu_bureau' });
    const county = await repo.insertOrg({
      name: '阳光区教育局',
      level: 3,
      parentId: city.id,
      typeCode: 'edu_bureau',
    });
    const sch = await repo.insertSchool({ orgId: county.id, name: '阳光实验中学', code: 'YG001' });

    const people = [
      { account: 'admin', phone: null, name: '系统管理员', isAdmin: true },
      { account: '13800000001', phone: '13800000001', name: '王校长', isAdmin: false },
      ...Array.from({ length: TEACHERS }, (_, i) => {
        const phone = `138000000${String(i + 2).padStart(2, '0')}`;
        return { account: phone, phone, name: `${chineseName(rand)}`, isAdmin: false };
      }),
    ];
    const users = await repo.insertUsers(people.map((p) => ({ ...p, passwordHash: hash })));
    const byAccount = new Map(users.map((u) => [u.account, u.id]));
    await repo.insertSchoolAdmin(sch.id, byAccount.get('13800000001')!);
    await repo.insertTeachers(
      people.slice(2).map((p, i) => ({
        schoolId: sch.id,
        userId: byAccount.get(p.account)!,
        subjects: [COURSES[i % COURSES.length]!],
      })),
    );
    accounts.push({ account: 'admin', name: '系统管理员', role: '系统管理员' });
    accounts.push({ account: '13800000001', name: '王校长', role: '学校管理员（阳光实验中学）' });
    for (const [i, p] of people.slice(2, 5).entries()) {
      accounts.push({
        account: p.account,
        name: p.name,
        role: `${COURSES[i % COURSES.length]}老师（任教高一(1)(2)班）`,
      });
    }

    let seq = 0;
    const students = [];
    const classIdsByGrade: number[][] = [];
    for (const [gi, g] of GRADES.entries()) {
      classIdsByGrade.push([]);
      const gr = await repo.insertGrade({ schoolId: sch.id, name: g.name, entryYear: g.entryYear, sort: gi });
      for (let c = 1; c <= CLASSES_PER_GRADE; c++) {
        const cls = await repo.insertClass({
          schoolId: sch.id,
          gradeId: gr.id,
          name: `${g.name}(${c})班`,
          sort: c,
        });
        classIdsByGrade[gi]!.push(cls.id);
        for (let s = 1; s <= STUDENTS_PER_CLASS; s++) {
          seq++;
          students.push({
            schoolId: sch.id,
            classId: cls.id,
            xuehao: `${g.entryYear}${String(c).padStart(2, '0')}${String(s).padStart(2, '0')}`,
            name: chineseName(rand),
            gender: rand() < 0.5 ? 1 : 2,
          });
        }
      }
    }
    await repo.insertStudents(students);
    await repo.insertTeacherClasses(
      teachingAssignments(TEACHERS, COURSES.length, classIdsByGrade).map(({ teacher, classId }) => ({
        schoolId: sch.id,
        userId: byAccount.get(people[teacher + 2]!.account)!,
        classId,
      })),
    );
    // A teacher the school registered before phones were required (account name, no phone): the first sign-in
    // asks to bind a phone by SMS code (bindPhone), as such accounts do.
    const [unbound] = await repo.insertUsers([
      { account: 'zhaolaoshi', phone: null, name: '赵老师', isAdmin: false, passwordHash: hash },
    ]);
    await repo.insertTeachers([{ schoolId: sch.id, userId: unbound!.id, subjects: [COURSES[0]!] }]);
    users.push(unbound!);
    accounts.push({
      account: 'zhaolaoshi',
      name: '赵老师',
      role: '语文老师（未绑定手机号，首次登录须绑定）',
    });
    // the bureau (issue 35): 阳光区's administrator and two more of its schools, 月亮区 with one of its own
    accounts.push(...(await seedDemoBureau(repo, { cityId: city.id, countyId: county.id, hash, rand })));
    await d.messages.send(
      tx,
      '欢迎使用阅卷平台',
      '这是演示学校“阳光实验中学”的账号。首页列出您参与的考试；点击右上角头像可修改密码、上传头像。',
      null,
      users.map((u) => u.id),
    );
    await d.audit.record(tx, {
      action: 'demo.seed',
      schoolId: sch.id,
      detail: { students: seq, teachers: TEACHERS },
    });
  });
  return accounts;
}
