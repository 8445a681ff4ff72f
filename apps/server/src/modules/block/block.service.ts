import { SUBJECT_STATE_FORBIDS, SubjectStatus, type BlockInput, type BlockItem } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { QuestionService } from '../question/question.service';
import { blockRepo, type BlockRow } from './block.repo';

const toItem = (r: BlockRow, scoreOf: Map<string, number>): BlockItem => ({
  id: r.id,
  name: r.name,
  nos: r.nos,
  markCount: r.markCount as 1 | 2,
  threshold: r.threshold === null ? null : Number(r.threshold),
  finalRule: r.finalRule as BlockItem['finalRule'],
  arbitration: r.arbitration as BlockItem['arbitration'],
  assignMode: r.assignMode as BlockItem['assignMode'],
  quota: r.quota,
  fullScore: r.nos.reduce((sum, no) => sum + (scoreOf.get(no) ?? 0), 0),
});

/** 题块 of a subject (setting/block): which subjective questions are marked together, and how. */
export function blockService(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
}) {
  async function scores(subjectId: number, db: Db): Promise<Map<string, number>> {
    const s = await d.questions.structureIn(db, subjectId);
    return new Map(s.subjective.map((q) => [q.no, q.score]));
  }

  return {
    async list(subjectId: number): Promise<{ blocks: BlockItem[]; unassigned: string[] }> {
      const scoreOf = await scores(subjectId, d.db);
      const blocks = (await blockRepo(d.db).ofSubject(subjectId)).map((r) => toItem(r, scoreOf));
      const used = new Set(blocks.flatMap((b) => b.nos));
      return { blocks, unassigned: [...scoreOf.keys()].filter((no) => !used.has(no)) };
    },

    /** Saves the whole list in 设置中: every question subjective, in one block at most; a double-marked threshold within the block's score. */
    async save(subjectId: number, blocks: Array<BlockInput & { id?: number }>, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const subject = await d.exams.subjectRow(subjectId, tx);
        if (subject.status !== SubjectStatus.setting) throw fail(SUBJECT_STATE_FORBIDS);
        const scoreOf = await scores(subjectId, tx);
        const seen = new Map<string, string>();
        for (const b of blocks) {
          for (const no of b.nos) {
            if (!scoreOf.has(no)) throw fail(`题块“${b.name}”中的第 ${no} 题不是本科目的主观题`);
            if (seen.has(no)) throw fail(`第 ${no} 题同时在题块“${seen.get(no)}”和“${b.name}”中`);
            seen.set(no, b.name);
          }
          const full = b.nos.reduce((s, no) => s + scoreOf.get(no)!, 0);
          if (b.threshold !== null && b.threshold >= full)
            throw fail(`题块“${b.name}”的误差阈值应小于题块满分 ${full} 分`);
        }
        if (new Set(blocks.map((b) => b.name)).size !== blocks.length) throw fail('题块名称不能重复');
        const repo = blockRepo(tx);
        const before = await repo.ofSubject(subjectId);
        const keep = blocks.filter((b) => b.id).map((b) => b.id!);
        if (keep.some((id) => !before.some((r) => r.id === id)))
          throw fail('题块不存在或已删除，请刷新后重试');
        await repo.removeOthers(subjectId, keep);
        for (const [i, b] of blocks.entries()) {
          const { id, ...fields } = b;
          if (id) await repo.update(id, { ...fields, sort: i });
          else await repo.insert({ subjectId, ...fields, sort: i });
        }
        await d.audit.record(tx, {
          action: 'block.save',
          examId: subject.examId,
          userId: actor.userId,
          ip: actor.ip,
          target: `subject:${subjectId}`,
          detail: { before, after: blocks },
        });
      });
    },
  };
}
export type BlockService = ReturnType<typeof blockService>;
