import { describe, expect, it } from 'vitest';
import type { Paged, ReviewerCandidate, SubjectAssignment } from '@yj/contracts';
import { body } from '../../../test/app';
import { buildSchool, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('setting/task in a joint exam', () => {
  it('marks in school by default (each marker for their school), or mixed; teachers only of schools one acts for', async () => {
    const db = t.database.db;
    const a = await buildSchool(db, { name: '联考甲校' });
    const b = await buildSchool(db, { name: '联考乙校' });
    const ta = await buildTeacher(db, a.id, { name: '甲校老师' });
    const tb = await buildTeacher(db, b.id, { name: '乙校老师' });
    const tb2 = await buildTeacher(db, b.id, { name: '乙校另一位老师' });
    const manager = await buildTeacher(db, a.id, { name: '联考管理员' });
    const bureau = await signInAs(t, await buildUser(db, { isAdmin: true }));
    const examId = body<{ id: number }>(
      await bureau.post('/filter/api/exam/jointExam/create', {
        name: '联考阅卷分配',
        gradeName: '高一',
        startDate: '2026-12-01',
        schoolIds: [a.id, b.id],
        subjects: [{ course: '数学', fullScore: 150 }],
        unionManagerIds: [manager.id],
      }),
    ).data.id;
    const subjectId = body<{ subjects: Array<{ id: number }> }>(
      await bureau.get(`/filter/api/exam/${examId}/detail`),
    ).data.subjects[0]!.id;
    await bureau.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
      questions: [{ no: '17', score: 10 }],
    });
    const blockId = body<{ blocks: Array<{ id: number }> }>(
      await bureau.post(`/filter/api/subject/${subjectId}/setting/block`, {
        blocks: [{ name: '解答', nos: ['17'] }],
      }),
    ).data.blocks[0]!.id;
    const url = `/filter/api/subject/${subjectId}/setting/task`;
    const read = async () => body<SubjectAssignment>(await bureau.get(url)).data.blocks[0]!;

    expect((await read()).scale).toBe('school');
    expect(
      body(
        await bureau.post(`${url}/${blockId}`, {
          markers: [{ userId: ta.id }, { userId: tb.id }],
          leaders: [],
        }),
      ).code,
    ).toBe(0);
    const inSchool = await read();
    expect(inSchool.scale).toBe('school');
    expect(inSchool.markers.map((m) => [m.name, m.schoolName])).toEqual([
      ['甲校老师', '联考甲校'],
      ['乙校老师', '联考乙校'],
    ]);
    await bureau.post(`${url}/${blockId}`, {
      markers: [{ userId: ta.id }, { userId: tb.id }],
      leaders: [],
      scale: 'mixed',
    });
    const mixed = await read();
    expect([mixed.scale, mixed.markers.map((m) => m.schoolId)]).toEqual(['mixed', [null, null]]);

    // the union manager teaches at 甲校: 乙校's teachers are not theirs to choose (issue 19)
    const m = await signInAs(t, manager);
    const names = body<Paged<ReviewerCandidate>>(await m.get(`${url}/candidates?size=50`)).data.items.map(
      (c) => c.name,
    );
    expect(names).toContain('甲校老师');
    expect(names).not.toContain('乙校另一位老师');
    expect(
      body(await m.post(`${url}/${blockId}`, { markers: [{ userId: tb2.id }], leaders: [] })).message,
    ).toBe('所选人员中有不是参考学校老师或已停用的账号');
  });
});
