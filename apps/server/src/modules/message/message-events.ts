import type { SubjectOperation } from '@yj/contracts';
import type { Db, Tx } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { messageRepo } from './message.repo';

/** The one progress of blocks (marking's port): papers with a final score out of papers to mark. */
export type BlockProgress = (
  blockIds: readonly number[],
  school: number | null,
) => Promise<Array<{ blockId: number; papers: number; decided: number }>>;

const EVERY_MS = 30_000;

/**
 * System messages (issue 31): marking starts, scores are published — said in the lifecycle's transaction, so a
 * transition rolled back says nothing — and a block is finished, a marker is paused by 质检 — found by a sweep
 * every 30 s (they happen on the markers' submit path, which stays untouched) and sent once per event key.
 */
export function messageEvents(d: { db: Db; repo: typeof messageRepo; progress: BlockProgress }) {
  /** The lifecycle's hook: after a subject's state changed, in its transaction. */
  async function onTransition(tx: Tx, subjectId: number, op: SubjectOperation): Promise<void> {
    const r = d.repo(tx);
    if (op === 'reviewStart') {
      const s = await r.subjectMarkers(subjectId);
      if (!s?.userIds.length) return;
      await r.send(
        '阅卷已开始',
        `${s.exam} ${s.subject} 已开始阅卷。请在首页“待办事项”中点击“去阅卷”进入您的题块。`,
        null,
        s.userIds,
        { kind: 'system' },
      );
    }
    if (op === 'publish' || op === 'xianyueTongfen') {
      const s = await r.publishAudience(subjectId);
      if (!s?.userIds.length) return;
      await r.send(
        '成绩已发布',
        `${s.exam} ${s.subject} 的成绩已发布，可在成绩报表中查看。`,
        null,
        s.userIds,
        { kind: 'system' },
      );
    }
  }

  /** Blocks marked to the last paper, markers newly paused: each told once. Answers how many messages went. */
  async function sweep(): Promise<number> {
    let sent = 0;
    const r = d.repo(d.db);
    const watched = await r.blocksToWatch();
    const finished = (await d.progress(watched, null)).filter((c) => c.papers > 0 && c.decided >= c.papers);
    for (const c of finished) {
      const b = await r.blockPeople(c.blockId);
      if (!b) continue;
      const to = [...new Set([...b.leaders, ...b.managers])];
      const id = await d.db.transaction((tx) =>
        d
          .repo(tx)
          .send(
            '题块阅卷完成',
            `${b.exam} ${b.subject} 题块“${b.block}”的 ${c.papers} 份试卷已全部评完。`,
            null,
            to,
            { kind: 'system', eventKey: `blockDone:${c.blockId}` },
          ),
      );
      if (id !== null) sent++;
    }
    const paused = await r.pausedMarkers();
    const keys = paused.map((p) => `paused:${p.blockId}:${p.userId}:${p.at}`);
    const known = await r.eventsSent(keys);
    for (const [i, p] of paused.entries()) {
      if (known.has(keys[i]!)) continue;
      const b = await r.blockPeople(p.blockId);
      if (!b) continue;
      const where = `${b.exam} ${b.subject} 题块“${b.block}”`;
      await d.db.transaction(async (tx) => {
        const t = d.repo(tx);
        const mine = await t.send(
          '评分已暂停',
          `您在${where}的评分被质量监控标记，已暂停领取试卷。请联系题组长查看并放行后继续阅卷。`,
          null,
          [p.userId],
          { kind: 'system', eventKey: keys[i] },
        );
        if (mine === null) return;
        sent++;
        if (b.leaders.length)
          await t.send(
            '阅卷老师已暂停',
            `${p.name} 在${where}的评分被质量监控标记，已暂停领取试卷。请在质量监控中查看，决定是否放行。`,
            null,
            b.leaders,
            { kind: 'system' },
          );
      });
    }
    return sent;
  }

  /** The sweep on the API process's own queue every 30 s; answers its stop function. */
  function registerJobs(queue: Jobs): () => void {
    queue.register('message.events', async () => ((await sweep()) ? 'done' : 'skipped'));
    const timer = setInterval(
      () => void queue.enqueue('message.events', {}, { attempts: 1 }).catch(() => {}),
      EVERY_MS,
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  return { onTransition, sweep, registerJobs };
}
export type MessageEvents = ReturnType<typeof messageEvents>;
