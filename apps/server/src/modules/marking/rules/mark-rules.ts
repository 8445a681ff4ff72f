import { ExamRole, FAILURES, type MarkSubmitInput } from '@yj/contracts';
import { checkMarks, type ArbitrationRule, type FinalRule } from '@yj/scoring';
import { fail } from '../../../errors';
import type { Db, Tx } from '../../../infra/db';
import { blockRulesRow } from './block-rules.repo';

/**
 * The rules of a mark that the task pool, 试评, 标准卷 and 抽查 of 质检 and 智能辅助 share: what a block's
 * questions allow, how a submitted mark is checked and stored, who marks and who leads. One place, below all of
 * them, so their imports run one way (issue 30).
 */

export const ROLE_MARKER = ExamRole.reviewers;
export const ROLE_LEADER = ExamRole.leaders;
export const TIMED_OUT = FAILURES.taskTimedOut.message;

/** A question of a block as marking checks and shows it. */
export interface MarkRule {
  no: string;
  fullScore: number;
  step: number;
  points: { name: string; score: number }[];
  answer: string;
}

export interface BlockRules {
  id: number;
  subjectId: number;
  name: string;
  markCount: 1 | 2;
  threshold: number | null;
  finalRule: FinalRule;
  arbitration: ArbitrationRule;
  questions: MarkRule[];
}

/** The block's marking mode and its questions: full score and answer from the structure, step and 给分点 from the block. */
export async function blockRules(db: Tx | Db, blockId: number): Promise<BlockRules | null> {
  const b = await blockRulesRow(db, blockId);
  if (!b) return null;
  const byNo = new Map(b.questions.map((q) => [q.no, q]));
  return {
    id: b.id,
    subjectId: b.subject_id,
    name: b.name,
    markCount: b.mark_count === 2 ? 2 : 1,
    threshold: b.threshold === null ? null : Number(b.threshold),
    finalRule: b.final_rule as FinalRule,
    arbitration: b.arbitration as ArbitrationRule,
    // the block's nos keep its order; block.points override the structure's step
    questions: b.nos.map((no) => {
      const q = byNo.get(no);
      const p = b.points.find((x) => x.no === no);
      return {
        no,
        fullScore: Number(q?.score ?? 0),
        step: p?.step ?? Number(q?.step ?? 1),
        points: p?.points ?? [],
        answer: q?.answer ?? '',
      };
    }),
  };
}

/** The cut image of a marking task (or 标准卷: same id sequence) as the marker's screen asks for it. */
export const imageUrl = (taskId: number) => `/filter/api/marking/task/${taskId}/image`;

export const round1 = (v: number) => Math.round(v * 10) / 10 + 0;

/** The submitted scores as stored: per question, per 给分点, and the block total. */
export function scoresOf(scores: MarkSubmitInput['scores']) {
  const questionScores: Record<string, number> = {};
  const pointScores: Record<string, number[]> = {};
  for (const s of scores) {
    questionScores[s.no] = s.score;
    if (s.points?.length) pointScores[s.no] = s.points;
  }
  return {
    questionScores,
    pointScores: Object.keys(pointScores).length ? pointScores : null,
    score: round1(scores.reduce((a, s) => a + s.score, 0)),
  };
}

/** Refuses a mark that does not fit the block's questions (packages/scoring), in Chinese. */
export function assertMarks(scores: MarkSubmitInput['scores'], rules: BlockRules): void {
  const problem = checkMarks(scores, rules.questions);
  if (problem) throw fail('markRejected', { reason: problem });
}
