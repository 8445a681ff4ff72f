import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_KEYS_PER_DAY, type MonitorSummary } from '@yj/contracts';
import { pageStat, school } from '../../db/schema';
import { body, testApp, type Client, type TestApp } from '../../../test/app';
import { buildSchool, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { MONITOR_BATCHES_PER_MINUTE } from './monitor.routes';

let t: TestApp;
let highTeacher: Client;
let primaryTeacher: Client;
let sys: Client;

const post = (c: Client, events: object[]) =>
  c.post('/filter/api/monitor/page-static', { events }).then(body);
const summary = async (query = '') =>
  body<MonitorSummary>(await sys.get(`/filter/api/monitor/summary${query}`));
const view = (page: string) => ({ kind: 'view', page });
const click = (page: string, control: string) => ({ kind: 'click', page, control });

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  const high = await buildSchool(db, { schoolType: 3 });
  const primary = await buildSchool(db);
  await db.update(school).set({ schoolType: 1 }).where(eq(school.id, primary.id));
  highTeacher = await signInAs(t, await buildTeacher(db, high.id));
  primaryTeacher = await signInAs(t, await buildTeacher(db, primary.id));
  sys = await signInAs(t, await buildUser(db, { isAdmin: true }));
});
afterAll(() => t.close());

describe('page-static monitor and click tracking', () => {
  it('counts views and clicks per page, day and the school type of who sent them; summarised for the system administrator', async () => {
    expect(
      await post(highTeacher, [
        view('/book/home'),
        view('/book/home'),
        view('/book/subject/:subjectId/answerCard'),
        click('/book/home', 'todo.mark'),
        click('/book/home', 'todo.mark'),
        click('/book/download/center', 'download.file'),
      ]),
    ).toMatchObject({ code: 0, data: { accepted: 6 } });
    expect((await post(primaryTeacher, [view('/book/home'), click('/book/home', 'todo.mark')])).code).toBe(0);

    const s = await summary();
    expect(s.code).toBe(0);
    expect(s.data.days).toHaveLength(7);
    expect(s.data.views[0]).toEqual({ page: '/book/home', total: 3, perDay: [0, 0, 0, 0, 0, 0, 3] });
    expect(s.data.views[1]).toMatchObject({ page: '/book/subject/:subjectId/answerCard', total: 1 });
    expect(s.data.clicks[0]).toEqual({ control: 'todo.mark', page: '/book/home', count: 3 });
    expect(s.data.schoolTypes).toEqual([
      { schoolType: 1, views: 1, clicks: 1 },
      { schoolType: 3, views: 3, clicks: 3 },
    ]);
    // one school type only
    expect((await summary('?schoolType=1&days=30')).data).toMatchObject({
      views: [{ page: '/book/home', total: 1 }],
      clicks: [{ control: 'todo.mark', count: 1 }],
    });
    // nobody is stored: only counters
    const row = (await t.database.db.select().from(pageStat).limit(1))[0]!;
    expect(Object.keys(row).sort()).toEqual(['control', 'count', 'day', 'kind', 'page', 'schoolType']);
  });

  it('refuses page paths with ids, free text as a control, oversized batches, and anyone signed out', async () => {
    expect((await post(highTeacher, [view('/book/subject/12/answerCard')])).code).toBe(1);
    expect((await post(highTeacher, [view('/book/home?name=张三')])).code).toBe(1);
    expect((await post(highTeacher, [click('/book/home', '张三 98 分')])).code).toBe(1);
    expect((await post(highTeacher, [{ kind: 'click', page: '/book/home' }])).code).toBe(1);
    expect((await post(highTeacher, [])).code).toBe(1);
    expect(
      (
        await post(
          highTeacher,
          Array.from({ length: 51 }, () => view('/book/home')),
        )
      ).code,
    ).toBe(1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/filter/api/monitor/page-static',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { events: [view('/book/home')] },
    });
    expect(body(out).code).not.toBe(0);
    expect(body(await highTeacher.get('/filter/api/monitor/summary')).message).toBe('无权限');
  });

  it('stops adding new counters once a day holds its bound; known ones still count', async () => {
    const db = t.database.db;
    const filler = Array.from({ length: MONITOR_KEYS_PER_DAY }, (_, i) => ({
      day: sql`current_date`,
      kind: 'view' as const,
      page: `/filler/p${i}`,
      control: '',
      schoolType: 3,
      count: 1,
    }));
    await db.delete(pageStat);
    for (let i = 0; i < filler.length; i += 1000) await db.insert(pageStat).values(filler.slice(i, i + 1000));
    const r = await post(highTeacher, [view('/book/new-page'), view('/filler/p0'), view('/filler/p0')]);
    expect(r.data).toEqual({ accepted: 2 });
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(pageStat);
    expect(n!.n).toBe(MONITOR_KEYS_PER_DAY);
  });

  it('limits the batches one session may post a minute', async () => {
    const c = await signInAs(t, await buildUser(t.database.db));
    const codes: number[] = [];
    for (let i = 0; i <= MONITOR_BATCHES_PER_MINUTE; i++)
      codes.push(
        (await c.post('/filter/api/monitor/page-static', { events: [view('/book/home')] })).statusCode,
      );
    expect(codes.slice(0, MONITOR_BATCHES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // another session is not held back by it
    expect((await post(primaryTeacher, [view('/book/home')])).code).toBe(0);
  });
});
