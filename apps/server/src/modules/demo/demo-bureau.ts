import type { DemoAccount } from './demo-account';
import type { demoRepo } from './demo.repo';
import { chineseName } from './names';

const STUDENTS = 30;

/**
 * The demo's bureau (issue 35): two more schools under 阳光区教育局 beside 阳光实验中学, each with a 高一 class
 * and its administrator, 月亮区教育局 with a school of its own, and 阳光区's administrator — who sees and runs
 * 联考 for the three 阳光区 schools and never 月亮区's. Same password as every demo account.
 */
export async function seedDemoBureau(
  repo: ReturnType<typeof demoRepo>,
  o: { cityId: number; countyId: number; hash: string; rand: () => number },
): Promise<DemoAccount[]> {
  const moon = await repo.insertOrg({
    name: '月亮区教育局',
    level: 3,
    parentId: o.cityId,
    typeCode: 'edu_bureau',
  });
  const schools = [
    { orgId: o.countyId, name: '阳光东湖中学', code: 'YG002', admin: '13900000002', head: '赵校长' },
    { orgId: o.countyId, name: '阳光西山中学', code: 'YG003', admin: '13900000003', head: '钱校长' },
    { orgId: moon.id, name: '月亮湾中学', code: 'YL001', admin: '13900000004', head: '孙校长' },
  ];
  const users = await repo.insertUsers([
    { account: '13900000001', phone: '13900000001', name: '阳光区教育局管理员', passwordHash: o.hash },
    ...schools.map((s) => ({ account: s.admin, phone: s.admin, name: s.head, passwordHash: o.hash })),
  ]);
  const id = new Map(users.map((u) => [u.account, u.id]));
  await repo.insertBureauAdmin(o.countyId, id.get('13900000001')!);
  const accounts: DemoAccount[] = [
    { account: '13900000001', name: '阳光区教育局管理员', role: '区县教育局管理员（阳光区：三所学校）' },
  ];
  for (const s of schools) {
    const sch = await repo.insertSchool({ orgId: s.orgId, name: s.name, code: s.code });
    await repo.insertSchoolAdmin(sch.id, id.get(s.admin)!);
    const gr = await repo.insertGrade({ schoolId: sch.id, name: '高一', entryYear: 2026, sort: 0 });
    const cls = await repo.insertClass({ schoolId: sch.id, gradeId: gr.id, name: '高一(1)班', sort: 1 });
    await repo.insertStudents(
      Array.from({ length: STUDENTS }, (_, i) => ({
        schoolId: sch.id,
        classId: cls.id,
        xuehao: `${s.code}${String(i + 1).padStart(2, '0')}`,
        name: chineseName(o.rand),
        gender: o.rand() < 0.5 ? 1 : 2,
      })),
    );
    accounts.push({ account: s.admin, name: s.head, role: `学校管理员（${s.name}）` });
  }
  return accounts;
}
