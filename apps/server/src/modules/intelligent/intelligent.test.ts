import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  IntelligentCheckView,
  IntelligentReviewView,
  IntelligentRunView,
  IntelligentSettingsView,
  MarkerBlanksView,
  MarkTask,
  ReviewTaskItem,
} from '@yj/contracts';
import { createRng, randomAnswers, simulateSheet, typicalCard, type SubjectiveInk } from '@yj/scan-sim';
import { subject } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { rowsOf } from '../../infra/db';
import { fsStorage } from '../../infra/storage';
import { body, type Client } from '../../../test/app';
import { buildMarker, claimTasks } from '../../../test/marking';
import { reviewingScene, withScene, signInWithRole, otherSchoolManager } from '../../../test/marking-fixture';

// 智能辅助 (setting/intelligent, /check, /intelligentReview): papers scanned by scan-sim (some answers blank,
// two alike), a blank run, the leader's check and confirmation, a send-back, a group scored at once.

let marker: Client, leader: Client, manager: Client, stranger: Client, otherSchool: Client;
let markerId: number;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(s));
const blockId = () => scene.blocks[0]!.id;
const other = () => scene.blocks[1]!.id;
const base = () => `/filter/api/subject/${scene.subjectId}/setting/intelligent`;

const card = typicalCard();
const box = card.pages[0]!.subjective.find((s) => s.question === '41')!;
// what each paper's answer box holds: three blank, two alike short answers, the rest written differently
const INKS: SubjectiveInk[] = [
  { kind: 'blank' },
  { kind: 'full' },
  { kind: 'answer', text: '3' },
  { kind: 'blank' },
  { kind: 'faint' },
  { kind: 'answer', text: '3' },
  { kind: 'strokes' },
  { kind: 'blank' },
  { kind: 'answer', text: 'x=25' },
  { kind: 'answer', text: '3' },
];
const blankPapers = () => INKS.flatMap((k, i) => (k.kind === 'blank' ? [scene.papers[i]!.id] : []));

async function untilRun(c: Client, kind: 'blank' | 'group'): Promise<IntelligentRunView> {
  for (let i = 0; i < 600; i++) {
    const s = body<IntelligentSettingsView>(await c.get(base()));
    const b = s.data.blocks.find((x) => x.blockId === blockId())!;
    const run = kind === 'blank' ? b.blankRun : b.groupRun;
    if (run && (run.status === 'done' || run.status === 'failed')) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('run did not finish');
}

const { t, db, scene } = withScene(
  reviewingScene({ papers: INKS.length }),
  async () => {
    // the blocks are cut from answer box 41 of the card's front; each paper's front scanned by scan-sim
    const region = JSON.stringify([{ page: 0, ...box.rect }]);
    // the card scanned with: typical card, which stores no picture (the blank region comes from the papers)
    await db().execute(
      sql`update template set body = ${JSON.stringify(card)}::jsonb where subject_id = ${scene.subjectId}`,
    );
    await db().execute(
      sql`update block set regions = ${region}::jsonb where subject_id = ${scene.subjectId}`,
    );
    const storage = fsStorage(path.join(t.config.dataDir, 'files'));
    const [batch] = await q<{ id: number }>(
      sql`select id from scan_batch where subject_id = ${scene.subjectId}`,
    );
    for (const [i, ink] of INKS.entries()) {
      const p = scene.papers[i]!;
      // clean scans: no stray pencil marks in the answer boxes (a blank box with one is rightly left to a marker;
      // packages/omr blank.test.ts measures typical and hard scans)
      const a = randomAnswers(card.pages[0]!, createRng(500 + i), 'clean', '20260001');
      const s = await simulateSheet(card, 0, a, {
        seed: 500 + i,
        difficulty: 'clean',
        feed: 0,
        ink: { '41': ink },
      });
      const key = `test/pages/${p.id}.jpg`;
      await storage.put(key, s.jpeg);
      const result = JSON.stringify({ registration: { matrix: s.truth.transform } });
      await db()
        .execute(sql`insert into scan_page (subject_id, batch_id, paper_id, position, seq, storage_key,
        sha256, file_name, template_page, status, result)
      values (${scene.subjectId}, ${batch!.id}, ${p.id}, 0, ${i}, ${key}, ${`sha-${p.id}`}, ${`${i}.jpg`}, 0,
        'recognised', ${result}::jsonb)`);
    }
    const m = await buildMarker(t.app, db(), scene, [blockId(), other()]);
    marker = m.client;
    markerId = m.user.id;
    leader = (await buildMarker(t.app, db(), scene, [blockId(), other()], { role: 6 })).client;
    // a marker of nothing here, and a manager of the subject
    stranger = (await buildMarker(t.app, db(), scene, [])).client;
    manager = (await signInWithRole(t, scene, 3, '科目负责人')).client;
    // a subject manager of another exam's subject, in another school
    otherSchool = await otherSchoolManager(t, '别校题块');
  },
  180_000,
);

describe('智能辅助设置 (setting/intelligent)', () => {
  it('is off by default for every block, and shown to leaders and managers only', async () => {
    const s = body<IntelligentSettingsView>(await leader.get(base()));
    expect(s.code, s.message).toBe(0);
    expect(s.data.blocks.map((b) => [b.name, b.blank, b.grouping])).toEqual([
      ['第13题', false, false],
      ['第14题', false, false],
    ]);
    // the subject's manager leads no block but sees every one
    expect(body<IntelligentSettingsView>(await manager.get(base())).data.blocks).toHaveLength(2);
    expect(body(await marker.get(base())).code).not.toBe(0);
    expect(body(await otherSchool.get(base())).code).not.toBe(0);
  });

  it('validates, refuses who does not lead the block, and audits a change', async () => {
    for (const b of [
      { blockId: 0, blank: true, grouping: false },
      { blockId: blockId(), blank: 'yes', grouping: false },
      {},
    ])
      expect(body(await leader.post(base(), b)).code, JSON.stringify(b)).not.toBe(0);
    expect(
      body(await marker.post(base(), { blockId: blockId(), blank: true, grouping: true })).code,
    ).not.toBe(0);
    expect(
      body(await otherSchool.post(base(), { blockId: blockId(), blank: true, grouping: true })).code,
    ).not.toBe(0);
    const r = body(await leader.post(base(), { blockId: blockId(), blank: true, grouping: true }));
    expect(r.code, r.message).toBe(0);
    const [a] = await q<{ detail: { after: unknown } }>(
      sql`select detail from audit_log where action = 'marking.intelligent.setting' order by id desc limit 1`,
    );
    expect(a!.detail.after).toEqual({ blank: true, grouping: true });
  });

  it('starts a run only where the part is on, and only while marking', async () => {
    const off = body(await leader.post(`${base()}/run`, { blockId: other(), kind: 'blank' }));
    expect(off.message).toBe('请先为这个题块开启智能判空');
    expect(body(await leader.post(`${base()}/run`, { blockId: blockId(), kind: 'both' })).code).not.toBe(0);
    await db().update(subject).set({ status: 5 }).where(eq(subject.id, scene.subjectId));
    const done = body(await leader.post(`${base()}/run`, { blockId: blockId(), kind: 'blank' }));
    expect(done.message).toBe('阅卷已完成，不能再智能判空，请先取消完成');
    await db().update(subject).set({ status: 3 }).where(eq(subject.id, scene.subjectId));
  });
});

describe('智能判空 (setting/intelligent/check)', () => {
  it('finds the blank answers and calls no written one blank', async () => {
    const r = body<IntelligentRunView>(
      await leader.post(`${base()}/run`, { blockId: blockId(), kind: 'blank' }),
    );
    expect(r.code, r.message).toBe(0);
    const run = await untilRun(leader, 'blank');
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ status: 'done', total: INKS.length, done: INKS.length, found: 3 });
    const blanks = await q<{ paper_id: number }>(
      sql`select paper_id from intelligent_blank where block_id = ${blockId()} and blank order by 1`,
    );
    expect(blanks.map((b) => b.paper_id)).toEqual(blankPapers());
  });

  it('shows the leader a sample with images; markers and other schools see nothing', async () => {
    const c = body<IntelligentCheckView>(await leader.get(`${base()}/check?blockId=${blockId()}`));
    expect(c.code, c.message).toBe(0);
    expect(c.data.blanks).toMatchObject({ detected: 3, applied: 0, measured: INKS.length });
    expect(c.data.sample.map((s) => s.paperId).sort((a, b) => a - b)).toEqual(blankPapers());
    const img = await leader.get(c.data.sample[0]!.imageUrl);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(body(await marker.get(`${base()}/check?blockId=${blockId()}`)).code).not.toBe(0);
    expect(body(await otherSchool.get(`${base()}/check?blockId=${blockId()}`)).code).not.toBe(0);
    expect(body(await leader.get(`${base()}/check?blockId=abc`)).code).not.toBe(0);
  });

  it('sends one back before the confirmation, then scores the rest 0 through finalize', async () => {
    const c = body<IntelligentCheckView>(await leader.get(`${base()}/check?blockId=${blockId()}`)).data;
    const [kept, ...rest] = blankPapers();
    const back = body(
      await leader.post(`${base()}/check/return`, { blockId: blockId(), paperId: kept, reason: '有字' }),
    );
    expect(back.code, back.message).toBe(0);
    // validation, a stale sample, a marker
    const confirm = (b: object, who = leader) => who.post(`${base()}/check/confirm`, b);
    expect(body(await confirm({ blockId: blockId(), runId: c.run!.id, checked: [] })).message).toContain(
      '请先查看抽样的答卷',
    );
    expect(body(await confirm({ blockId: blockId(), runId: c.run!.id, checked: [kept] })).message).toBe(
      '抽样的答卷已有变化，请刷新后重新查看',
    );
    expect(body(await confirm({ blockId: blockId(), runId: c.run!.id + 99, checked: rest })).code).not.toBe(
      0,
    );
    expect(
      body(await confirm({ blockId: blockId(), runId: c.run!.id, checked: rest }, marker)).code,
    ).not.toBe(0);
    const r = body<{ applied: number; skipped: number }>(
      await confirm({ blockId: blockId(), runId: c.run!.id, checked: rest }),
    );
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual({ applied: 2, skipped: 0 });
    const tasks = await q<{ paper_id: number; status: string; user_id: number | null; score: string }>(
      sql`select paper_id, status, user_id, score from mark_task where block_id = ${blockId()} and status = 'submitted'
        order by paper_id`,
    );
    expect(tasks).toEqual(
      rest.map((p) => ({ paper_id: p, status: 'submitted', user_id: null, score: '0.0' })),
    );
    const scores = await q<{ paper_id: number; score: string }>(
      sql`select paper_id, score from block_score where block_id = ${blockId()} order by 1`,
    );
    expect(scores).toEqual(rest.map((p) => ({ paper_id: p, score: '0.0' })));
    // recognisable as 智能判空 in the history and the 动态日志
    const changes = await q<{ n: number }>(
      sql`select count(*)::int as n from mark_task_change where action = 'intelligent-blank'`,
    );
    expect(changes[0]!.n).toBe(2);
    const [a] = await q<{ detail: { applied: number } }>(
      sql`select detail from audit_log where action = 'marking.intelligent.blank'`,
    );
    expect(a!.detail.applied).toBe(2);
    // a second confirmation has nothing left
    expect(body(await confirm({ blockId: blockId(), runId: c.run!.id, checked: rest })).code).not.toBe(0);
  });

  it('sends an applied blank back to marking: its 0 goes, the history keeps it', async () => {
    const [, paperId] = blankPapers();
    const r = body(
      await leader.post(`${base()}/check/return`, { blockId: blockId(), paperId, reason: '学生写在框外' }),
    );
    expect(r.code, r.message).toBe(0);
    const [task] = await q<{ status: string }>(
      sql`select status from mark_task where block_id = ${blockId()} and paper_id = ${paperId}`,
    );
    expect(task!.status).toBe('pending');
    expect(
      await q(sql`select 1 from block_score where block_id = ${blockId()} and paper_id = ${paperId}`),
    ).toHaveLength(0);
    expect(
      (
        await q<{ n: number }>(
          sql`select count(*)::int as n from mark_task_change where action = 'intelligent-return'`,
        )
      )[0]!.n,
    ).toBe(1);
    const again = body(await leader.post(`${base()}/check/return`, { blockId: blockId(), paperId }));
    expect(again.message).toBe('这份答卷已退回正常阅卷');
    // a written answer is no blank to send back
    const written = scene.papers[1]!.id;
    expect(
      body(await leader.post(`${base()}/check/return`, { blockId: blockId(), paperId: written })).message,
    ).toBe('这份答卷不是智能判空检测出的空白答卷');
  });
});

describe('相同答案归组 (setting/intelligent/intelligentReview)', () => {
  it('groups the alike answers; a marker scores the group at once', async () => {
    const r = body(await leader.post(`${base()}/run`, { blockId: blockId(), kind: 'group' }));
    expect(r.code, r.message).toBe(0);
    const run = await untilRun(leader, 'group');
    expect(run.status, run.error ?? '').toBe('done');
    const v = body<IntelligentReviewView>(
      await marker.get(`${base()}/intelligentReview?blockId=${blockId()}`),
    );
    expect(v.code, v.message).toBe(0);
    const alike = [scene.papers[2]!.id, scene.papers[5]!.id];
    const third = scene.papers[9]!.id;
    expect(v.data.groups.map((g) => g.papers.map((p) => p.paperId).sort((a, b) => a - b))).toEqual([
      [...alike, third],
    ]);
    const img = await marker.get(v.data.groups[0]!.papers[0]!.imageUrl);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // who is no reviewer of the block sees no group; an image of a paper in no group is refused
    expect(body(await stranger.get(`${base()}/intelligentReview?blockId=${blockId()}`)).code).not.toBe(0);
    const loose = await marker.get(
      `${base()}/intelligentReview/image?blockId=${blockId()}&paperId=${scene.papers[1]!.id}`,
    );
    expect(body(loose).message).toBe('这份答卷不在本题块的分组中');
    const groupId = v.data.groups[0]!.id;
    // grouped papers stay in the ordinary pool (issue 29: 暂无可阅试卷 while grouping was on)
    const claimPapers = async (release = true) => {
      const got: MarkTask[] = [];
      for (let n = 1; n;) {
        const c = (await claimTasks(marker, blockId(), 4)).data as MarkTask[];
        n = c.length;
        got.push(...c);
      }
      const rows = await q<{ id: number; paper_id: number }>(sql`select id, paper_id from mark_task
        where id = any(${`{${got.map((x) => x.taskId).join(',')}}`}::int[]) order by paper_id`);
      // back to the pool, untouched: the test only looks
      if (release)
        await db().execute(sql`update mark_task set status = 'pending', user_id = null, lease_token = null,
          lease_until = null where id = any(${`{${rows.map((x) => x.id).join(',')}}`}::int[])`);
      return rows.map((x) => x.paper_id);
    };
    const groupsNow = async () =>
      body<IntelligentReviewView>(await marker.get(`${base()}/intelligentReview?blockId=${blockId()}`)).data
        .groups;
    // review/task counts what the claim hands out: every paper but the blank scored 0, the grouped ones too
    const tasks = body<ReviewTaskItem[]>(await marker.get('/filter/api/marking/tasks'));
    expect(tasks.data.find((x) => x.blockId === blockId())!.left).toBe(INKS.length - 1);
    expect(tasks.data.find((x) => x.blockId === blockId())!.groups).toBe(1);
    // while a marker holds them in ordinary marking, the group has nothing to score
    const held = await claimPapers(false);
    expect(held).toHaveLength(INKS.length - 1 /* one blank scored 0 */);
    expect(held).toEqual(expect.arrayContaining([...alike, third]));
    expect(await groupsNow()).toEqual([]);
    await db().execute(sql`update mark_task set status = 'pending', user_id = null, lease_token = null,
      lease_until = null where block_id = ${blockId()} and status = 'leased'`);
    expect((await groupsNow()).map((g) => g.size)).toEqual([3]);
    // the marker looks closer and takes one out: it is marked on its own
    const split = body(
      await marker.post(`${base()}/intelligentReview/split`, { blockId: blockId(), groupId, paperId: third }),
    );
    expect(split.code, split.message).toBe(0);
    expect((await groupsNow()).map((g) => g.papers.map((p) => p.paperId).sort((a, b) => a - b))).toEqual([
      alike,
    ]);
    expect(
      body(
        await stranger.post(`${base()}/intelligentReview/split`, {
          blockId: blockId(),
          groupId,
          paperId: alike[0],
        }),
      ).code,
    ).not.toBe(0);
    const score = (b: object, who = marker) =>
      who.post(`${base()}/intelligentReview/score`, { paperIds: alike, ...b });
    expect(
      body(await score({ blockId: blockId(), groupId, scores: [{ no: '13', score: 11 }] })).code,
    ).not.toBe(0);
    expect(body(await score({ blockId: blockId(), groupId, scores: [] })).code).not.toBe(0);
    expect(
      body(await score({ blockId: blockId(), groupId, scores: [{ no: '13', score: 8 }] }, stranger)).code,
    ).not.toBe(0);
    // only papers the marker was shown are scored: none named, or only one taken out of the group, is refused
    expect(
      body(await score({ blockId: blockId(), groupId, paperIds: [], scores: [{ no: '13', score: 8 }] })).code,
    ).not.toBe(0);
    expect(
      body(await score({ blockId: blockId(), groupId, paperIds: [third], scores: [{ no: '13', score: 8 }] }))
        .message,
    ).toBe('这个分组已没有待评的答卷，请刷新');
    // a group score counts against the marker's quota like claimed papers: refused beyond it
    await db().execute(sql`update block_reviewer set quota = 1 where block_id = ${blockId()}
      and user_id = ${markerId} and role = 4`);
    expect(body(await score({ blockId: blockId(), groupId, scores: [{ no: '13', score: 8 }] })).message).toBe(
      '这个分组有 2 份待评答卷，超出您剩余的任务量（还可评 1 份），请先移出部分答卷',
    );
    await db().execute(sql`update block_reviewer set quota = null where block_id = ${blockId()}
      and user_id = ${markerId} and role = 4`);
    const s = body<{ scored: number; skipped: number }>(
      await score({ blockId: blockId(), groupId, scores: [{ no: '13', score: 8 }] }),
    );
    expect(s.code, s.message).toBe(0);
    expect(s.data).toEqual({ scored: 2, skipped: 0 });
    const marks = await q<{ paper_id: number; user_id: number; score: string }>(
      sql`select t.paper_id, t.user_id, bs.score from mark_task t join block_score bs
        on bs.block_id = t.block_id and bs.paper_id = t.paper_id
        where t.block_id = ${blockId()} and t.paper_id = any(${`{${alike.join(',')}}`}::int[]) order by 1`,
    );
    expect(marks).toEqual(alike.map((p) => ({ paper_id: p, user_id: markerId, score: '8.0' })));
    // the group is done: nothing left to score; the marks count as the marker's own
    expect(body(await score({ blockId: blockId(), groupId, scores: [{ no: '13', score: 8 }] })).message).toBe(
      '这个分组已没有待评的答卷，请刷新',
    );
    const done = await q<{ done: number }>(
      sql`select done from mark_stat where block_id = ${blockId()} and user_id = ${markerId}`,
    );
    expect(done[0]!.done).toBe(2);
  });

  it('leaves the scored and the blank papers out of the pool; a split paper is no longer in its group', async () => {
    // a fresh grouping run finds nothing new to group (the alike pair is scored)
    await db().execute(sql`update intelligent_run set status = 'done' where status <> 'done'`);
    const v = body<IntelligentReviewView>(
      await marker.get(`${base()}/intelligentReview?blockId=${blockId()}`),
    );
    expect(v.data.groups).toEqual([]);
    const [g] = await q<{ group_id: number }>(sql`select group_id from intelligent_group_paper limit 1`);
    const split = body(
      await marker.post(`${base()}/intelligentReview/split`, {
        blockId: blockId(),
        groupId: g!.group_id,
        paperId: scene.papers[9]!.id,
      }),
    );
    expect(split.message).toBe('这份答卷不在这个分组中');
    // the marker's pool: the papers neither scored 0 nor scored as a group
    const claimed: MarkTask[] = [];
    for (let got = 1; got;) {
      const c = (await claimTasks(marker, blockId(), 4)).data as MarkTask[];
      got = c.length;
      claimed.push(...c);
    }
    const left = INKS.length - 1 /* one blank scored 0 */ - 2; /* the group */
    expect(claimed).toHaveLength(left);
  });
});

describe('智能判空 on the markers’ side (intelligentReview/blanks)', () => {
  const url = () => `${base()}/intelligentReview/blanks`;
  it('lists the block’s confirmed blanks to its markers, who send one back with a reason', async () => {
    // the confirmed blank still scored 0: the last of the three (one sent back before, one after the confirmation)
    const paperId = blankPapers()[2]!;
    expect(body(await stranger.get(`${url()}?blockId=${blockId()}`)).code).not.toBe(0);
    const v = body<MarkerBlanksView>(await marker.get(`${url()}?blockId=${blockId()}`));
    expect(v.code, v.message).toBe(0);
    expect(v.data.total).toBe(1);
    const listed = body<ReviewTaskItem[]>(await marker.get('/filter/api/marking/tasks'));
    expect(listed.data.find((x) => x.blockId === blockId())!.blanks).toBe(1);
    expect(v.data.items.map((x) => x.paperId)).toEqual([paperId]);
    expect(v.data.items[0]!.decidedAt).not.toBeNull();
    const img = await marker.get(v.data.items[0]!.imageUrl);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const written = scene.papers[1]!.id;
    expect(body(await marker.get(`${url()}/image?blockId=${blockId()}&paperId=${written}`)).message).toBe(
      '这份答卷不是本题块按空白卷记 0 分的答卷',
    );
    const back = (b: object, who = marker) => who.post(`${url()}/return`, b);
    // a reason is required; a stranger and a paper sent back before the confirmation are refused
    expect(body(await back({ blockId: blockId(), paperId, reason: ' ' })).message).toContain(
      '请填写退回的原因',
    );
    expect(body(await back({ blockId: blockId(), paperId, reason: '有字' }, stranger)).code).not.toBe(0);
    expect(body(await back({ blockId: blockId(), paperId: blankPapers()[0]!, reason: '有字' })).message).toBe(
      '这份答卷已退回正常阅卷',
    );
    const r = body(await back({ blockId: blockId(), paperId, reason: '框外有作答' }));
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual({ state: 'returned' });
    expect(
      await q(
        sql`select status, user_id from mark_task where block_id = ${blockId()} and paper_id = ${paperId}`,
      ),
    ).toEqual([{ status: 'pending', user_id: null }]);
    expect(
      await q(sql`select 1 from block_score where block_id = ${blockId()} and paper_id = ${paperId}`),
    ).toHaveLength(0);
    const [a] = await q<{ user_id: number; detail: Record<string, unknown> }>(sql`select user_id, detail
      from audit_log where action = 'marking.intelligent.return' order by id desc limit 1`);
    expect(a!.user_id).toBe(markerId);
    expect(a!.detail).toMatchObject({
      paperId,
      reason: '框外有作答',
      by: 'marker',
      before: { state: 'applied' },
    });
    expect(body<MarkerBlanksView>(await marker.get(`${url()}?blockId=${blockId()}`)).data.total).toBe(0);
    // review/task no longer points to any
    const tasks = body<ReviewTaskItem[]>(await marker.get('/filter/api/marking/tasks'));
    expect(tasks.data.find((x) => x.blockId === blockId())!.blanks).toBeUndefined();
  });
});
