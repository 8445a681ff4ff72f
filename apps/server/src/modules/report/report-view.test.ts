import { describe, expect, it } from 'vitest';
import type { Principal } from '@yj/contracts';
import { reportView } from './report-view';

const base: Principal = { userId: 1, isAdmin: false, schoolAdminOf: [], teacherOf: [], examRoles: [] };
const joint = { id: 5, schoolId: null };
const single = { id: 6, schoolId: 70 };
const none = () => Promise.resolve([] as number[]);
const grant = (role: number, schoolId: number | null, subjectId: number | null = null, examId = 5) => ({
  examId,
  role,
  schoolId,
  subjectId,
});

describe('reportView', () => {
  it('the whole exam: administrator, the owning school admin, an exam-wide role without a school', async () => {
    expect(await reportView({ ...base, isAdmin: true }, joint, null, none)).toEqual({ all: true });
    expect(await reportView({ ...base, schoolAdminOf: [70] }, single, null, none)).toEqual({ all: true });
    // union monitor (8) of the joint exam
    expect(await reportView({ ...base, examRoles: [grant(8, null)] }, joint, null, none)).toEqual({
      all: true,
    });
  });

  it('a school: a participating school admin, a school manager, an exam-wide role of one school', async () => {
    const v = await reportView(
      { ...base, schoolAdminOf: [71], examRoles: [grant(9, 72), grant(1, 73)] },
      joint,
      3,
      none,
    );
    expect(v).toEqual({ all: false, schools: new Set([71, 72, 73]), classes: new Set() });
  });

  it('a subject manager only for their subject; another exam grants nothing', async () => {
    const p = { ...base, examRoles: [grant(3, 72, 9), grant(0, null, null, 99)] };
    expect(await reportView(p, joint, 9, none)).toMatchObject({ schools: new Set([72]) });
    expect(await reportView(p, joint, 8, none)).toMatchObject({ schools: new Set() });
  });

  it('a teacher: the classes they teach, read only for teachers', async () => {
    let asked = 0;
    const classes = () => {
      asked++;
      return Promise.resolve([11, 12]);
    };
    expect(await reportView({ ...base, teacherOf: [70] }, single, null, classes)).toEqual({
      all: false,
      schools: new Set(),
      classes: new Set([11, 12]),
    });
    await reportView(base, single, null, classes);
    expect(asked).toBe(1);
  });
});
