import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { MarkProblem } from '@yj/contracts';
import { blockScore } from '../../../db/schema';
import { body } from '../../../../test/app';
import { setTask, type LeadScene } from '../../../../test/marking-lead-scene';
import { withScene, leadScene } from '../../../../test/marking-fixture';

// A problem paper in a double-marked block: the leader's score is the second mark, decided with the first;
// nobody gives a paper of a block both its marks.

const db = () => t.database.db;
const slot = (paper: number, n: number) =>
  s.tasks.find((x) => x.paperId === s.papers[paper] && x.slot === n)!;

const { t, scene: s } = withScene(leadScene({ papers: 2, markCount: 2 }), async () => {
  for (const paper of [0, 1]) {
    await setTask(db(), slot(paper, 1).id, {
      status: 'submitted',
      userId: paper === 0 ? s.markerA.id : s.leader.id,
      score: 10,
      questionScores: { '13': 6, '14': 4 },
      submittedAt: new Date(),
    });
    const by = s.markerB.id;
    await setTask(db(), slot(paper, 2).id, {
      status: 'problem',
      userId: by,
      problem: { reason: 'irregular', note: '', by, at: new Date().toISOString() } satisfies MarkProblem,
    });
  }
});

const scoreIt = (c: LeadScene['leader']['c'], taskId: number, a: number, b: number) =>
  c
    .post(`/filter/api/marking/task/${taskId}/resolve`, {
      resolution: 'score',
      scores: [
        { no: '13', score: a },
        { no: '14', score: b },
      ],
    })
    .then((r) => body(r));

it('the leader’s score is the second mark: within the threshold the two are averaged on each question’s step', async () => {
  const r = await scoreIt(s.leader.c, slot(0, 2).id, 7, 4);
  expect(r.code, r.message).toBe(0);
  const [final] = await db().select().from(blockScore).where(eq(blockScore.paperId, s.papers[0]!));
  // 13: (6 + 7) / 2 on step 1 is 7, 14: 4
  expect(final).toMatchObject({ score: 11, source: 'double' });
});

it('refuses a leader who gave the paper’s other mark; a manager may score it', async () => {
  expect((await scoreIt(s.leader.c, slot(1, 2).id, 7, 4)).message).toBe(
    '您已评过这份试卷的另一评，不能再给分，请由其他题组长处理',
  );
  expect((await scoreIt(s.manager.c, slot(1, 2).id, 7, 4)).code).toBe(0);
});
