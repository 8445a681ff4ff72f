import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAILURES,
  type MessageAudiences,
  type MessageItem,
  type MessageReceiptRow,
  type SentMessageItem,
} from '@yj/contracts';
import { auditLog, examRole } from '../../db/schema';
import { body, type Client } from '../../../test/app';
import { buildSchool, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { buildMarker, buildMarkingScene, type MarkingScene } from '../../../test/marking';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

// 站内消息 written by people (issue 31): to an exam's staff, a block's markers, a school's teachers — each checked
// against the capability over that exam, block or school — 需确认 with who confirmed, delete own.
const t = appFixture();
let scene: MarkingScene;
let manager: Client;
let leader: Awaited<ReturnType<typeof buildMarker>>;
let marker: Awaited<ReturnType<typeof buildMarker>>;
let stranger: Client;

beforeAll(async () => {
  const db = t.database.db;
  scene = await buildMarkingScene(db, { papers: 2, blocks: [{ name: '第13题', nos: ['13'] }], status: 0 });
  const m = await buildTeacher(db, scene.schools[0]!.id, { name: '考试管理员' });
  await db.insert(examRole).values({ examId: scene.examId, userId: m.id, role: 1 });
  manager = await signInAs(t, m);
  const blockId = scene.blocks[0]!.id;
  leader = await buildMarker(t.app, db, scene, [blockId], { role: 6 });
  marker = await buildMarker(t.app, db, scene, [blockId]);
  stranger = await signInAs(t, await buildUser(db));
});

const inbox = async (c: Client) =>
  body<{ total: number; items: MessageItem[] }>(
    await c.post('/filter/api/message/list', { page: 1, size: 20 }),
  ).data;
const unread = async (c: Client) =>
  body<{ count: number }>(await c.get('/filter/api/message/unread/count')).data.count;
const note = { title: '阅卷安排', content: '请于周五前完成评阅', needConfirm: true };

describe('sending to a group', () => {
  it('the exam’s staff: its manager may, a marker may not; the sender is not among the recipients', async () => {
    const url = `/filter/api/message/send/exam/${scene.examId}`;
    const sent = body<{ id: number; recipients: number }>(await manager.post(url, note));
    expect(sent).toMatchObject({ code: 0, data: { recipients: 2 } });
    const refused = body(await marker.client.post(url, note));
    expect([refused.message, refused.errCode]).toEqual(['无权限', FAILURES.forbidden.errCode]);
    expect(body(await manager.post(url, { ...note, title: ' ' })).code).toBe(1);
    expect(body(await manager.post(url, { ...note, content: '长'.repeat(1001) })).code).toBe(1);

    const mine = await inbox(marker.client);
    expect(mine.items[0]).toMatchObject({
      title: '阅卷安排',
      needConfirm: true,
      confirmed: false,
      kind: 'user',
      senderName: '考试管理员',
      read: false,
    });
    expect((await inbox(manager)).total).toBe(0);
    expect((await inbox(stranger)).total).toBe(0);
    // 动态日志: who wrote to which group, how many received it; refused sends leave no line
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'message.send'));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      examId: scene.examId,
      target: `message:${sent.data.id}`,
      detail: { title: '阅卷安排', recipients: 2, needConfirm: true },
    });
  });

  it('a block’s markers: its leader may, its marker may not', async () => {
    const url = `/filter/api/message/send/block/${scene.blocks[0]!.id}`;
    const sent = body<{ recipients: number }>(
      await leader.client.post(url, { title: '评分标准', content: '第13题按步骤给分' }),
    );
    expect(sent).toMatchObject({ code: 0, data: { recipients: 1 } });
    expect(body(await marker.client.post(url, note)).message).toBe('无权限');
    expect((await inbox(marker.client)).items[0]).toMatchObject({ title: '评分标准', needConfirm: false });
  });

  it('a school’s teachers: its administrator may, another school’s may not; nobody to write to is refused', async () => {
    const db = t.database.db;
    const schoolId = scene.schools[0]!.id;
    const admin = await signInSchoolAdmin(t, schoolId);
    const other = await buildSchool(db);
    const otherAdmin = await signInSchoolAdmin(t, other.id);
    const url = `/filter/api/message/send/school/${schoolId}`;
    const toAll = { ...note, title: '全校通知' };
    // the manager, the leader and the marker teach there
    expect(body<{ recipients: number }>(await admin.post(url, toAll)).data.recipients).toBe(3);
    expect(body(await otherAdmin.post(url, toAll)).message).toBe('无权限');
    const empty = body(await otherAdmin.post(`/filter/api/message/send/school/${other.id}`, toAll));
    expect([empty.message, empty.errCode]).toEqual([
      FAILURES.messageNoRecipients.message,
      FAILURES.messageNoRecipients.errCode,
    ]);
    await buildTeacher(db, other.id);
    expect(body(await otherAdmin.post(`/filter/api/message/send/school/${other.id}`, toAll)).code).toBe(0);
  });

  it('offers each person only the groups they may write to', async () => {
    const groups = async (c: Client) =>
      body<MessageAudiences>(await c.get('/filter/api/message/audiences')).data;
    const m = await groups(manager);
    expect(m.exams.map((e) => e.examId)).toEqual([scene.examId]);
    expect(m.blocks.map((b) => b.blockId)).toEqual([scene.blocks[0]!.id]);
    expect(m.schools).toEqual([]);
    const l = await groups(leader.client);
    expect([l.exams, l.blocks.map((b) => b.name)]).toEqual([[], ['第13题']]);
    expect(await groups(marker.client)).toEqual({ exams: [], blocks: [], schools: [] });
  });
});

describe('需确认, viewing and deleting', () => {
  it('a recipient confirms once; the sender sees who confirmed; nobody else reaches the message', async () => {
    const [first] = (await inbox(marker.client)).items.filter((m) => m.title === '阅卷安排');
    const id = first!.id;
    const before = await unread(marker.client);
    const opened = body<MessageItem>(await marker.client.get(`/filter/api/message/${id}`));
    expect(opened.data).toMatchObject({ id, read: true, confirmed: false });
    expect(await unread(marker.client)).toBe(before - 1);
    expect(body(await marker.client.post(`/filter/api/message/${id}/confirm`)).code).toBe(0);
    expect(body(await marker.client.post(`/filter/api/message/${id}/confirm`)).code).toBe(0);

    const receipts = body<MessageReceiptRow[]>(await manager.get(`/filter/api/message/${id}/receipts`)).data;
    expect(receipts.map((r) => [r.name, r.confirmedAt !== null])).toEqual([
      ['题组长', false],
      ['阅卷老师', true],
    ]);
    const [sent] = body<{ items: SentMessageItem[] }>(
      await manager.post('/filter/api/message/sent', { page: 1, size: 10 }),
    ).data.items;
    expect(sent).toMatchObject({ recipients: 2, read: 1, confirmed: 1, needConfirm: true });
    expect(sent!.audience).toBe('考试“阅卷测试考试”的全体人员');

    // not the stranger's: neither opened, confirmed, deleted, nor its receipts read
    for (const res of [
      await stranger.get(`/filter/api/message/${id}`),
      await stranger.post(`/filter/api/message/${id}/confirm`),
      await stranger.post(`/filter/api/message/${id}/delete`, { sent: false }),
      await stranger.post(`/filter/api/message/${id}/delete`, { sent: true }),
      await marker.client.get(`/filter/api/message/${id}/receipts`),
    ])
      expect(body(res).message).toBe('消息不存在');
    const plain = (await inbox(marker.client)).items.find((m) => m.title === '评分标准')!;
    expect(body(await marker.client.post(`/filter/api/message/${plain.id}/confirm`)).errCode).toBe(
      FAILURES.messageNeedsNoConfirm.errCode,
    );
  });

  it('a recipient deletes a message from their list; its sender withdraws it from everyone', async () => {
    const id = (await inbox(marker.client)).items.find((m) => m.title === '阅卷安排')!.id;
    expect(body(await marker.client.post(`/filter/api/message/${id}/delete`, {})).code).toBe(0);
    expect((await inbox(marker.client)).items.some((m) => m.id === id)).toBe(false);
    expect(body(await marker.client.post(`/filter/api/message/${id}/delete`, {})).message).toBe('消息不存在');
    expect((await inbox(leader.client)).items.some((m) => m.id === id)).toBe(true);

    const leaderUnread = await unread(leader.client);
    expect(body(await manager.post(`/filter/api/message/${id}/delete`, { sent: true })).code).toBe(0);
    expect((await inbox(leader.client)).items.some((m) => m.id === id)).toBe(false);
    expect(await unread(leader.client)).toBe(leaderUnread - 1);
    expect(
      body<{ total: number }>(await manager.post('/filter/api/message/sent', { page: 1, size: 10 })).data
        .total,
    ).toBe(0);
  });

  it('the routes check their input', async () => {
    expect(body(await marker.client.get('/filter/api/message/abc')).code).toBe(1);
    expect(body(await manager.post('/filter/api/message/send/exam/0', note)).code).toBe(1);
  });
});
