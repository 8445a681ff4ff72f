import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import { buildUser, signInAs } from '../../../test/factories';
import { auditModule } from '../audit/audit.module';
import { messageModule } from './message.module';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('messages', () => {
  it('counts unread messages, marks them read once, and hides other users’ messages', async () => {
    const db = t.database.db;
    const me = await buildUser(db);
    const other = await buildUser(db);
    const svc = messageModule({ db, audit: auditModule({ db }).audit }).messages;
    const first = await svc.send(db, '阅卷任务', '请完成第 13 题', null, [me.id]);
    await svc.send(db, '成绩发布', '期中成绩已发布', null, [me.id]);
    const theirs = await svc.send(db, '私信', '只给别人', null, [other.id]);

    const c = await signInAs(t, me);
    expect(body(await c.get('/filter/api/message/unread/count')).data).toEqual({ count: 2 });
    expect(body(await c.post(`/filter/api/message/${first}/read`)).code).toBe(0);
    expect(body(await c.post(`/filter/api/message/${first}/read`)).code).toBe(0);
    expect(body(await c.get('/filter/api/message/unread/count')).data).toEqual({ count: 1 });
    const list = body<{ total: number; items: Array<{ title: string; read: boolean }> }>(
      await c.post('/filter/api/message/list', { page: 1, size: 10 }),
    ).data;
    expect(list.total).toBe(2);
    expect(list.items).toEqual([
      expect.objectContaining({ title: '成绩发布', read: false }),
      expect.objectContaining({ title: '阅卷任务', read: true }),
    ]);
    expect(body(await c.post(`/filter/api/message/${theirs}/read`)).message).toBe('消息不存在');
  });
});
