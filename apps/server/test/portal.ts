import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SubjectStatus } from '@yj/contracts';
import type { Db } from '../src/infra/db';
import { student, subject, studentAccount, user } from '../src/db/schema';
import { body, XHR } from './app';
import { buildScoreScene } from './score';

/** The new password students choose at their first sign-in in tests (meets the password rule). */
export const STUDENT_PASSWORD = 'Xuesheng-Mima-2026';

/**
 * A published subject for 学生端: three examinees of one class with marked sheets (totals 27, 20 and 12 of 33:
 * 1 right / wrong, 21 and 22 marked), scores computed and released through the API; student accounts created.
 */
export async function buildPortalScene(app: FastifyInstance, db: Db) {
  const s = await buildScoreScene(app, db, 3);
  await db.update(subject).set({ fullScore: 33, name: '数学' }).where(eq(subject.id, s.subjectId));
  const marks: Array<[string[], Record<string, number>]> = [
    [['B'], { '21': 10, '22': 9, '23': 0 }],
    [['B'], { '21': 8, '22': 4, '23': 0 }],
    [['A'], { '21': 6, '22': 6, '23': 0 }],
  ];
  for (const [i, e] of s.examinees.entries()) {
    const p = await s.addPaper(e.id, { '1': marks[i]![0], '2': ['C'], '3': ['A'], '4': ['B'] });
    await s.addBlockScore(p.id, marks[i]![1]);
  }
  await db.update(subject).set({ status: SubjectStatus.done }).where(eq(subject.id, s.subjectId));
  const url = `/filter/api/subject/${s.subjectId}`;
  const ok = (r: { code: number; message: string }) => {
    if (r.code !== 0) throw new Error(r.message);
  };
  ok(body(await s.admin.post(`${url}/score/recompute`)));
  const publish = async () => ok(body(await s.admin.post(`${url}/score/release`)));
  await publish();
  ok(body(await s.admin.post(`/filter/api/school/${s.schoolId}/portal/accounts`, {})));
  const students = await db
    .select({ id: student.id, name: student.name, xuehao: student.xuehao, code: studentAccount.bindingCode })
    .from(student)
    .innerJoin(studentAccount, eq(studentAccount.studentId, student.id))
    .where(eq(student.classId, s.classId))
    .orderBy(student.id);
  return {
    ...s,
    url,
    students,
    publish,
    cancel: async () => ok(body(await s.admin.post(`${url}/score/release/cancel`))),
  };
}

export type PortalClient = Awaited<ReturnType<typeof portalClient>>;

function clientOf(app: FastifyInstance, token: string) {
  const cookie = `yx_sid=${token}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
  return {
    token,
    cookie,
    call,
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    get: (url: string) => call('GET', url),
  };
}

/**
 * A student signed in on 学生端: with the sheet's initial password and the forced change to STUDENT_PASSWORD the
 * first time, with STUDENT_PASSWORD after.
 */
export async function portalClient(app: FastifyInstance, db: Db, schoolId: number, xuehao: string) {
  const [row] = await db
    .select({ initial: studentAccount.initialPassword, mustChange: user.mustChangePassword })
    .from(studentAccount)
    .innerJoin(student, eq(student.id, studentAccount.studentId))
    .innerJoin(user, eq(user.id, studentAccount.userId))
    .where(eq(student.xuehao, xuehao));
  if (!row!.mustChange) {
    const again = body<{ token: string; gotoHfsURL: string }>(
      await app.inject({
        method: 'POST',
        url: '/filter/api/portal/login',
        headers: XHR,
        payload: { schoolId, xuehao, password: STUDENT_PASSWORD },
      }),
    );
    if (again.code !== 0) throw new Error(`sign-in: ${again.message}`);
    return { ...clientOf(app, again.data.token), home: again.data.gotoHfsURL };
  }
  const first = body<{ changeToken: string }>(
    await app.inject({
      method: 'POST',
      url: '/filter/api/portal/login',
      headers: XHR,
      payload: { schoolId, xuehao, password: row!.initial },
    }),
  );
  if (first.errCode !== 11011) throw new Error(`first sign-in: ${first.message}`);
  const changed = body<{ token: string; gotoHfsURL: string }>(
    await app.inject({
      method: 'POST',
      url: '/filter/api/anno/user/changePwdLogin',
      headers: XHR,
      payload: { changeToken: first.data.changeToken, newPassword: STUDENT_PASSWORD },
    }),
  );
  if (changed.code !== 0) throw new Error(changed.message);
  return { ...clientOf(app, changed.data.token), home: changed.data.gotoHfsURL };
}

/** A parent signed in by SMS code (the code read from what the test SMS provider sent). */
export async function parentClient(
  app: FastifyInstance,
  sms: Array<{ phone: string; text: string }>,
  phone: string,
) {
  const sent = body(
    await app.inject({
      method: 'POST',
      url: '/filter/api/portal/parent/sms',
      headers: XHR,
      payload: { phone },
    }),
  );
  if (sent.code !== 0) throw new Error(sent.message);
  const code = /(\d{6})/.exec(sms.filter((m) => m.phone === phone).at(-1)!.text)![1];
  const res = body<{ token: string }>(
    await app.inject({
      method: 'POST',
      url: '/filter/api/portal/parent/login',
      headers: XHR,
      payload: { phone, code },
    }),
  );
  if (res.code !== 0) throw new Error(res.message);
  return clientOf(app, res.data.token);
}

/** The score scene's class opened on 学生端 (accounts made by the school) and its first `n` students signed in. */
export async function classPortalClients(
  app: FastifyInstance,
  db: Db,
  s: {
    admin: { post(url: string, payload?: object): Promise<LightMyRequestResponse> };
    schoolId: number;
    classId: number;
  },
  n: number,
): Promise<PortalClient[]> {
  const opened = body(await s.admin.post(`/filter/api/school/${s.schoolId}/portal/accounts`, {}));
  if (opened.code !== 0) throw new Error(opened.message);
  const xuehaos = await db
    .select({ xuehao: student.xuehao })
    .from(student)
    .where(eq(student.classId, s.classId))
    .orderBy(student.id);
  const out: PortalClient[] = [];
  for (const x of xuehaos.slice(0, n)) out.push(await portalClient(app, db, s.schoolId, x.xuehao));
  return out;
}
