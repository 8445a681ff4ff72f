import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BlockProgress, ExamMonitor, ReviewTaskItem, SubjectMonitor } from '@yj/contracts';
import { paper } from '../../../db/schema';
import { body } from '../../../../test/app';
import { setTask } from '../../../../test/marking-lead-scene';
import { withScene, leadScene } from '../../../../test/marking-fixture';
import { finalize } from '../final/marking-final';

// One progress of a block (issue 29): 阅卷进度, the block overview, the marker's task list and the exam's
// progress showed 27/44, 34/44, 35/44 and 26/88 for one block at one moment, and 智能判空's blanks were left
// out of one of them. Six papers: two marked, one blank scored 0 by 智能判空, one an open 问题卷, one waiting
// for arbitration, one deleted (rescanned) — every screen answers 3 / 5 with the same parts.

const db = () => t.database.db;

const { t, scene: s } = withScene(leadScene({ papers: 6 }), async () => {
  const marked = async (i: number, userId: number | null, a: number, b: number) => {
    await setTask(db(), s.tasks[i]!.id, {
      status: 'submitted',
      userId,
      score: a + b,
      questionScores: { '13': a, '14': b },
      submittedAt: new Date(),
    });
    await db().transaction((tx) => finalize(tx, s.blockId, s.tasks[i]!.paperId));
  };
  await marked(0, s.markerA.id, 8, 5);
  await marked(1, s.markerB.id, 6, 4);
  // 智能判空: a mark of nobody, 0, the blank's decision applied
  await marked(2, null, 0, 0);
  await db().execute(sql`insert into intelligent_blank (block_id, paper_id, run_id, ink, excess, blank, state)
    values (${s.blockId}, ${s.tasks[2]!.paperId}, 1, 0, 0, true, 'applied')`);
  await setTask(db(), s.tasks[3]!.id, {
    status: 'problem',
    userId: s.markerA.id,
    problem: { reason: 'unclear', note: '', by: s.markerA.id, at: new Date().toISOString() },
  });
  await db().execute(sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
    select subject_id, block_id, paper_id, school_id, class_id, 9 from mark_task where id = ${s.tasks[4]!.id}`);
  await db().update(paper).set({ deletedAt: new Date() }).where(eq(paper.id, s.tasks[5]!.paperId));
});

describe('the one progress of a block', () => {
  const want = { done: 3, total: 5, parts: { arbitration: 1, problems: 1, blanks: 1 } };

  it('is the same on the marker’s task list, 阅卷进度, the overview and the exam’s progress', async () => {
    // review/task, for a marker and for the leader
    for (const c of [s.markerA.c, s.leader.c]) {
      const r = body<ReviewTaskItem[]>(await c.get('/filter/api/marking/tasks'));
      expect(r.code, r.message).toBe(0);
      const it = r.data.find((x) => x.blockId === s.blockId)!;
      expect({ done: it.blockDone, total: it.blockTotal, parts: it.blockParts }).toEqual(want);
    }
    // 阅卷进度's table and overview/blockOrStudent (one route), and the block page
    const subject = body<BlockProgress[]>(
      await s.leader.c.get(`/filter/api/subject/${s.subjectId}/marking/progress`),
    );
    expect(subject.code, subject.message).toBe(0);
    const block = body<BlockProgress>(
      await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/progress`),
    );
    for (const b of [subject.data[0]!, block.data])
      expect({ done: b.decided, total: b.papers, parts: b.parts }).toEqual(want);
    // 阅卷进度's live panel and the exam's progress (the quality module's monitor, by the same definition)
    const live = body<SubjectMonitor>(
      await s.leader.c.get(`/filter/api/subject/${s.subjectId}/monitor/progress`),
    );
    expect(live.code, live.message).toBe(0);
    expect([live.data.blocks[0]!.done, live.data.blocks[0]!.total]).toEqual([3, 5]);
    expect([live.data.done, live.data.total]).toEqual([3, 5]);
    const exam = body<ExamMonitor>(await s.manager.c.get(`/filter/api/exam/${s.examId}/monitor/progress`));
    expect(exam.code, exam.message).toBe(0);
    expect([exam.data.subjects[0]!.done, exam.data.subjects[0]!.total]).toEqual([3, 5]);
    expect([exam.data.done, exam.data.total]).toEqual([3, 5]);
  });
});
