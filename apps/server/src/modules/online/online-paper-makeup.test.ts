import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OnlineSetting, PortalOnlineItem, SitReceipt, SitterList } from '@yj/contracts';
import sharp from 'sharp';
import { absence, auditLog, block, markTask, paper, scanBatch, scanPage } from '../../db/schema';
import { body } from '../../../test/app';
import { withScene } from '../../../test/app-fixture';
import { buildScoreScene } from '../../../test/score';
import { TYPED_PAGE } from './online-typed';
import { growTypedRegions } from './online-paper';
import { claimTasks } from '../../../test/marking';
import { buildOnlineMarker, onlineScene } from '../../../test/online';
import { onlinePaperRepo } from './online-paper.repo';
import { onlinePhotoRepo } from './online-photo.repo';
import { onlineRepo } from './online.repo';
import { paperMatchService } from '../scan/recognition/paper-match.service';
import { scanRepo } from '../scan/scan.repo';

// 补考 of a paper (scanned) subject (issue 34): examinees 0–2 have scanned sheets, 3 is 缺考, 4 has nothing yet.
// 5 starts a window and a sheet of theirs is scanned before the hand-in: the sheet stays their paper.
// 3 is given a window, sits on 学生端 and hands in: their paper joins the scanned ones under the 'online' batch,
// its objective part scored by the subject's key, its written block cut from the typed pages (not the card's
// region), their 缺考 cleared. Refused: a scanned examinee, a sheet scanned after the window was given, a window
// after 开始阅卷, another school's manager and a teacher; 开始阅卷 waits for a window not over.
let onlinePaperId: number;

// one base for every window: two calls of Date.now() a millisecond apart would make a 61-minute window 62 (the
// whole window's duration is rounded up to the minute)
const NOW = Date.now();
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const idOf = (i: number) => s.examinees[i]!.id;
const give = (ids: number[], startsAt: string, endsAt: string, durationMin: number | null = null) =>
  s.admin.post(`${s.url}/makeup`, { examineeIds: ids, startsAt, endsAt, durationMin });
/** The block's region on the answer card: what the scanned sheets are cut by. */
const CARD = [{ page: 0, x: 120, y: 900, w: 700, h: 400 }];

const { t, scene: s } = withScene(onlineScene(6), async () => {
  await t.database.db.update(block).set({ regions: CARD }).where(eq(block.id, s.blockId));
  for (const i of [0, 1, 2]) await s.addPaper(idOf(i), { '1': ['B'], '2': ['C'], '3': ['B'], '4': ['A'] });
  await s.addAbsent(idOf(3));
});

describe('a paper subject’s 补考: the absent sit online, marked with the scanned', () => {
  it('the content is saved for the paper subject without a window; 补考 is open to the manager', async () => {
    const content = {
      mode: 'paper',
      startsAt: null,
      endsAt: null,
      durationMin: null,
      contents: [{ no: '21', content: '证明 $$a^2+b^2\\ge 2ab$$', optionTexts: [] }],
    };
    const saved = body<OnlineSetting>(await s.admin.post(s.url, content)).data;
    expect(saved).toMatchObject({ mode: 'paper', state: 'draft', canMakeup: true, canLaunch: false });
    expect(saved.questions.find((q) => q.no === '21')!.content).toContain('a^2+b^2');
    // an online subject still needs its window
    expect(body(await s.admin.post(s.url, { ...content, mode: 'online' })).message).toContain(
      '请设置考试时间段和考试时长',
    );
  });

  it('lists who has no scanned sheet, with 缺考; refuses a scanned examinee, another school and a teacher', async () => {
    const list = body<SitterList>(await s.admin.get(`${s.url}/sitters?unscanned=1`)).data;
    expect(list.items.map((i) => [i.examineeId, i.scanned, i.absent])).toEqual([
      [idOf(3), false, true],
      [idOf(4), false, false],
      [idOf(5), false, false],
    ]);
    const all = body<SitterList>(await s.admin.get(`${s.url}/sitters`)).data;
    expect(all.items.find((i) => i.examineeId === idOf(0))!.scanned).toBe(true);
    const scanned = body(await give([idOf(3), idOf(1)], minutes(-1), minutes(60)));
    expect([scanned.errCode, scanned.message]).toEqual([
      12150,
      `考号 ${s.examinees[1]!.kaohao} 的考生已有本科目扫描的答题卡，不能安排在线补考`,
    ]);
    const other = await buildScoreScene(t.app, t.database.db, 1);
    const foreign = await other.admin.post(`${s.url}/makeup`, {
      examineeIds: [idOf(3)],
      startsAt: minutes(-1),
      endsAt: minutes(60),
      durationMin: null,
    });
    expect(body(foreign).message).toBe('无权限');
    const teacher = await s.teacher.post(`${s.url}/makeup`, {
      examineeIds: [idOf(3)],
      startsAt: minutes(-1),
      endsAt: minutes(60),
      durationMin: null,
    });
    expect(body(teacher).message).toBe('无权限');
    // nobody is offered the subject online yet
    expect(body<PortalOnlineItem[]>(await s.students[3]!.get('/filter/api/portal/online')).data).toEqual([]);
    expect(body(await s.students[3]!.post(`${s.sit}/start`)).errCode).toBe(12080);
  });

  it('a window given: shown only to its examinee; 开始阅卷 waits for it', async () => {
    expect(body(await give([idOf(3)], minutes(-1), minutes(60))).code).toBe(0);
    const mine = body<PortalOnlineItem[]>(await s.students[3]!.get('/filter/api/portal/online')).data;
    // no duration given, none of the exam's: the whole window
    expect(mine).toMatchObject([{ subjectId: s.subjectId, makeup: true, open: true, durationMin: 61 }]);
    expect(body<PortalOnlineItem[]>(await s.students[0]!.get('/filter/api/portal/online')).data).toEqual([]);
    expect(body(await s.students[0]!.post(`${s.sit}/start`)).errCode).toBe(12080);
    const held = body(await s.admin.get(`/filter/api/subject/${s.subjectId}/review/start?force=1`));
    expect([held.errCode, held.message]).toEqual([
      12147,
      '尚有 1 名考生的补考未结束，须待其交卷或补考时间结束后再开始阅卷',
    ]);
  });

  it('a sheet scanned after the window was given: no start, withdrawn', async () => {
    expect(body(await give([idOf(4)], minutes(-1), minutes(60))).code).toBe(0);
    await s.addPaper(idOf(4), { '1': ['A'] });
    expect(body(await s.students[4]!.post(`${s.sit}/start`)).errCode).toBe(12151);
    expect(body(await s.admin.post(`${s.url}/makeup/withdraw`, { examineeIds: [idOf(4)] })).code).toBe(0);
  });

  it('the hand-in is their paper: online batch, scored by the key, 缺考 cleared in the audit', async () => {
    const v = body(await s.students[3]!.post(`${s.sit}/start`));
    expect(v.code).toBe(0);
    for (const [no, value] of [
      ['1', 'B'],
      ['2', 'A'],
      ['3', 'AC'],
      ['4', 'A'],
      ['21', '由 (a-b)^2 ≥ 0 展开即得'],
    ])
      expect(body(await s.students[3]!.post(`${s.sit}/answer`, { no, value, rev: 1 })).code).toBe(0);
    const r = body<SitReceipt>(await s.students[3]!.post(`${s.sit}/submit`)).data;
    expect(r).toMatchObject({ submitKind: 'manual', answered: 5 });

    const db = t.database.db;
    const [p] = await db
      .select()
      .from(paper)
      .innerJoin(scanBatch, eq(scanBatch.id, paper.batchId))
      .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, idOf(3))));
    expect([p!.scan_batch.source, p!.paper.status]).toEqual(['online', 'ok']);
    onlinePaperId = p!.paper.id;
    const pages = await db.select().from(scanPage).where(eq(scanPage.paperId, onlinePaperId));
    expect(pages.map((g) => g.fileName).sort()).toEqual(['第21题.jpg', '第22题.jpg', '第23题.jpg']);
    const [b] = await db.select().from(block).where(eq(block.id, s.blockId));
    // the card's region kept for the scanned; the online paper's own: the three typed pages
    expect(b!.regions).toEqual(CARD);
    expect(b!.typedRegions).toEqual(
      [0, 1, 2].map((page) => ({ page, x: 0, y: 0, w: TYPED_PAGE.w, h: TYPED_PAGE.h })),
    );
    expect(
      await db
        .select()
        .from(absence)
        .where(and(eq(absence.subjectId, s.subjectId), eq(absence.examineeId, idOf(3)))),
    ).toEqual([]);
    const [log] = await db.select().from(auditLog).where(eq(auditLog.action, 'subject.online.makeupHandIn'));
    expect(log!.detail).toEqual({
      subjectId: s.subjectId,
      kaohao: s.examinees[3]!.kaohao,
      paperId: onlinePaperId,
      absentCleared: true,
    });

    // derived at the hand-in, as a recognised sheet's: 1 B right 3, 2 A (key C) 0, 3 AC of ACD partly 2, 4 A 2
    expect(await s.scoreOf(idOf(3))).toMatchObject({ objective: 7, absent: false, paperId: onlinePaperId });
    await s.recompute();
    // and alike with the scanned: 0–2 (B, C, B, A) 3 + 3 + 0 + 2
    expect(await s.scoreOf(idOf(3))).toMatchObject({ objective: 7, absent: false, paperId: onlinePaperId });
    expect(await s.scoreOf(idOf(0))).toMatchObject({ objective: 8, absent: false });
  });

  it('a later hand-in grows the typed regions by its own pages; two at once both count; none yet: drawn from all', async () => {
    const db = t.database.db;
    const typed = async () => (await db.select().from(block).where(eq(block.id, s.blockId)))[0]!.typedRegions;
    const before = await typed();
    const questions = await onlineRepo(db).questions(s.subjectId);
    const grow = (tx: typeof db, heights: [number, number][]) =>
      growTypedRegions(tx, s.subjectId, onlinePaperRepo, onlinePhotoRepo, questions, new Map(heights));
    const h = TYPED_PAGE.h;
    // A grows page 0 and holds its transaction open while B grows page 1: B waits for A's lock, then grows what A
    // committed (without the lock B would write page 0 back as it read it, and A's height would be lost)
    let release!: () => void;
    let grown!: () => void;
    const aGrown = new Promise<void>((r) => (grown = r));
    const a = db.transaction(async (tx) => {
      await grow(tx, [[0, h + 300]]);
      grown();
      await new Promise<void>((r) => (release = r));
    });
    await aGrown;
    const b = db.transaction((tx) =>
      grow(tx, [
        [0, h + 100],
        [1, h + 50],
      ]),
    );
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([a, b]);
    expect((await typed())!.map((r) => r.h)).toEqual([h + 300, h + 50, h]);
    // a shorter page never shrinks them
    await db.transaction((tx) => grow(tx, [[2, h - 10]]));
    expect((await typed())!.map((r) => r.h)).toEqual([h + 300, h + 50, h]);
    // the blocks rewritten (no typed regions): drawn from every answer handed in (examinee 3's short ones)
    await db.update(block).set({ typedRegions: null }).where(eq(block.id, s.blockId));
    await db.transaction((tx) => grow(tx, [[1, h + 50]]));
    expect(await typed()).toEqual(before);
  });

  it('a sheet scanned later with their 考号 is a 考号重复 exception, not a second or replacing paper', async () => {
    const db = t.database.db;
    const sheet = await s.addPaper(null as never, { '1': ['C'] }, { examineeId: null, status: 'pending' });
    const match = paperMatchService({ scan: scanRepo });
    const out = await db.transaction((tx) =>
      match.match(tx, {
        paper: sheet,
        examId: s.examId,
        given: null,
        kaohao: s.examinees[3]!.kaohao,
        absent: false,
        at: {
          subjectId: s.subjectId,
          schoolId: s.schoolId,
          batchId: sheet.batchId,
          paperId: sheet.id,
          pageId: null,
        },
        ask: true,
      }),
    );
    expect(out.examineeId).toBeNull();
    expect(out.exceptions).toMatchObject([
      { type: 'kaohaoRepeat', detail: { examineeId: idOf(3), otherPaperId: onlinePaperId } },
    ]);
    // the scanned sheet set aside, as a person keeping the online paper would
    await db.update(paper).set({ deletedAt: new Date() }).where(eq(paper.id, sheet.id));
  });

  it('a sheet scanned while they answer stays their paper: the hand-in makes none, and says so in the audit', async () => {
    const db = t.database.db;
    expect(body(await give([idOf(5)], minutes(-1), minutes(60))).code).toBe(0);
    expect(body(await s.students[5]!.post(`${s.sit}/start`)).code).toBe(0);
    expect(body(await s.students[5]!.post(`${s.sit}/answer`, { no: '1', value: 'A', rev: 1 })).code).toBe(0);
    const sheet = await s.addPaper(idOf(5), { '1': ['B'] });
    expect(body(await s.students[5]!.post(`${s.sit}/submit`)).code).toBe(0);
    const papers = await db
      .select({ id: paper.id })
      .from(paper)
      .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, idOf(5))));
    expect(papers).toEqual([{ id: sheet.id }]);
    const [log] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subject.online.makeupHandInNotCounted'));
    expect(log!.detail).toMatchObject({ subjectId: s.subjectId, scannedPaperId: sheet.id });
  });

  it('开始阅卷: the online paper is marked in the block, its cut the typed pages; no 补考 after', async () => {
    const db = t.database.db;
    const marker = await buildOnlineMarker(t, s);
    // the blocks saved again since the hand-in (题块设置 rewrites them): 开始阅卷 sets their typed regions anew
    await db.update(block).set({ typedRegions: null }).where(eq(block.id, s.blockId));
    const started = body(await s.admin.get(`/filter/api/subject/${s.subjectId}/review/start?force=1`));
    expect(started.code).toBe(0);
    const tasks = await db
      .select({ id: markTask.id, paperId: markTask.paperId })
      .from(markTask)
      .where(eq(markTask.blockId, s.blockId));
    const scannedIds = (
      await db
        .select({ id: paper.id })
        .from(paper)
        .where(inArray(paper.examineeId, [idOf(0), idOf(1), idOf(2), idOf(3), idOf(4), idOf(5)]))
    ).map((x) => x.id);
    expect(tasks.map((x) => x.paperId).sort()).toEqual(scannedIds.sort());
    // the six papers' tasks claimed (at most 4 a claim) to reach the online paper's
    const claimed = [
      ...(await claimTasks(marker.client, s.blockId, 4)).data,
      ...(await claimTasks(marker.client, s.blockId, 4)).data,
    ];
    expect(claimed).toHaveLength(6);
    const mine = claimed.find((c) => tasks.find((x) => x.id === c.taskId)!.paperId === onlinePaperId)!;
    const img = await marker.client.get(`/filter/api/marking/task/${mine.taskId}/image`);
    expect(img.headers['content-type']).toContain('image/jpeg');
    // three typed pages stacked (12 px apart), not the card's 700 × 400 region
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([TYPED_PAGE.w, TYPED_PAGE.h * 3 + 2 * 12]);
    // the typed answer's first line, under the heading 第 21 题, is inked
    const top = TYPED_PAGE.margin + TYPED_PAGE.line;
    const band = await sharp(img.rawPayload)
      .extract({ left: 0, top, width: TYPED_PAGE.w, height: TYPED_PAGE.font + 4 })
      .greyscale()
      .raw()
      .toBuffer();
    expect(band.some((v) => v < 100)).toBe(true);
    expect(body(await give([idOf(3)], minutes(30), minutes(60))).errCode).toBe(12145);
    expect(body<OnlineSetting>(await s.admin.get(s.url)).data.canMakeup).toBe(false);
  });
});
