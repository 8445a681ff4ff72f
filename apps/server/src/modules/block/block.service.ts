import {
  allows,
  pointsProblem,
  type BlockInput,
  type BlockItem,
  type BlockPoints,
  type BlockRegion,
  type CardTemplate,
  type ExamBlockSubject,
  type SubjectiveQuestion,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { assertAllows } from '../../lib/subject-state';
import type { QuestionService } from '../question/question.service';
import type { TemplateService } from '../template/template.service';
import type { blockRepo, BlockRow } from './block.repo';
import { proposeRegions } from './block-regions';

/** Every question of the block with its step and 给分点: saved, or the structure's step and none. */
function pointsOf(r: BlockRow, questions: Map<string, SubjectiveQuestion>): BlockPoints[] {
  const saved = r.points as BlockPoints[];
  return r.nos.map(
    (no) => saved.find((p) => p.no === no) ?? { no, step: questions.get(no)?.step ?? 1, points: [] },
  );
}

function toItem(
  r: BlockRow,
  questions: Map<string, SubjectiveQuestion>,
  card: CardTemplate | null,
): BlockItem {
  const saved = r.regions as BlockRegion[];
  const proposed = saved.length ? [] : card ? proposeRegions(card, r.nos) : [];
  return {
    id: r.id,
    name: r.name,
    nos: r.nos,
    markCount: r.markCount as 1 | 2,
    threshold: r.threshold === null ? null : Number(r.threshold),
    finalRule: r.finalRule as BlockItem['finalRule'],
    arbitration: r.arbitration as BlockItem['arbitration'],
    assignMode: r.assignMode as BlockItem['assignMode'],
    quota: r.quota,
    regions: saved.length ? saved : proposed,
    regionsProposed: !saved.length && proposed.length > 0,
    points: pointsOf(r, questions),
    fullScore: r.nos.reduce((sum, no) => sum + (questions.get(no)?.score ?? 0), 0),
  };
}

/** A block's regions must lie on a page of the subject's template. */
function checkRegions(name: string, regions: BlockRegion[], card: CardTemplate | null): void {
  if (!regions.length) return;
  if (!card) throw fail('noTemplateForBlockArea');
  for (const r of regions) {
    const page = card.pages.find((p) => p.index === r.page);
    if (!page) throw fail('blockAreaPageMissing', { block: name, page: r.page + 1 });
    // a pixel of slack: rectangles drawn to the very edge are rounded outwards by the canvas
    if (r.x + r.w > page.width + 1 || r.y + r.h > page.height + 1)
      throw fail('blockAreaOutOfPage', { block: name, page: r.page + 1 });
  }
}

/** 题块 of a subject (setting/block): which subjective questions are marked together, how, and from where. */
export function blockService(d: {
  db: Db;
  repo: typeof blockRepo;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
  templates: TemplateService;
}) {
  async function questionsOf(subjectId: number, db: Db): Promise<Map<string, SubjectiveQuestion>> {
    const s = await d.questions.structureIn(db, subjectId);
    return new Map(s.subjective.map((q) => [q.no, q]));
  }
  /** The template scanning reads the subject with (设为扫描模板, else the earliest): regions are drawn on it. */
  const cardOf = async (subjectId: number): Promise<CardTemplate | null> =>
    (await d.templates.forScanning(subjectId))?.body ?? null;
  /** The scanning template when the product laid it out (在线答题卡): its answer boxes are the regions. */
  const ownCardOf = async (subjectId: number): Promise<CardTemplate | null> => {
    const t = await d.templates.forScanning(subjectId);
    return t?.cardType === 'online' ? t.body : null;
  };

  async function list(subjectId: number): Promise<{ blocks: BlockItem[]; unassigned: string[] }> {
    const questions = await questionsOf(subjectId, d.db);
    const card = await cardOf(subjectId);
    const blocks = (await d.repo(d.db).ofSubject(subjectId)).map((r) => toItem(r, questions, card));
    const used = new Set(blocks.flatMap((b) => b.nos));
    return { blocks, unassigned: [...questions.keys()].filter((no) => !used.has(no)) };
  }

  return {
    list,

    /** One block as listed (regions saved or proposed), for its cut image. */
    async one(subjectId: number, blockId: number): Promise<BlockItem> {
      const b = (await list(subjectId)).blocks.find((x) => x.id === blockId);
      if (!b) throw fail('blockNotFoundRefresh');
      return b;
    },

    /** exam/{examId}/setting/block: each subject's blocks, framed blocks and questions in no block. */
    async ofExam(examId: number): Promise<ExamBlockSubject[]> {
      const subjects = await d.exams.subjects(examId);
      return Promise.all(
        subjects.map(async (s) => {
          const l = await list(s.id);
          return {
            subjectId: s.id,
            name: s.name,
            status: s.status,
            blocks: l.blocks.length,
            framed: l.blocks.filter((b) => b.regions.length && !b.regionsProposed).length,
            subjective: l.blocks.reduce((n, b) => n + b.nos.length, 0) + l.unassigned.length,
            unassigned: l.unassigned,
          };
        }),
      );
    },

    /**
     * Saves the whole list in 设置中: every question subjective, in one block at most; a double-marked
     * threshold within the block's score; regions on the template; 给分点 adding up to each question's score.
     */
    async save(subjectId: number, blocks: Array<BlockInput & { id?: number }>, actor: Actor): Promise<void> {
      const card = await cardOf(subjectId);
      // on a card the product made, a block not framed takes its questions' answer boxes (each block said
      // 未框选 and needed 采用 one by one); a region a person drew is kept
      const own = await ownCardOf(subjectId);
      if (own)
        blocks = blocks.map((b) => (b.regions.length ? b : { ...b, regions: proposeRegions(own, b.nos) }));
      await d.db.transaction(async (tx) => {
        const subject = await d.exams.subjectRow(subjectId, tx);
        assertAllows(subject.status, 'editSetting');
        const questions = await questionsOf(subjectId, tx);
        const seen = new Map<string, string>();
        for (const b of blocks) {
          for (const no of b.nos) {
            if (!questions.has(no)) throw fail('blockQuestionNotSubjective', { block: b.name, no });
            if (seen.has(no)) throw fail('questionInTwoBlocks', { no, first: seen.get(no)!, second: b.name });
            seen.set(no, b.name);
          }
          const full = b.nos.reduce((s, no) => s + questions.get(no)!.score, 0);
          if (b.threshold !== null && b.threshold >= full)
            throw fail('blockThresholdTooHigh', { block: b.name, full });
          for (const p of b.points) {
            const problem = pointsProblem(p, questions.get(p.no)!.score);
            if (problem) throw fail('blockInvalid', { block: b.name, problem });
          }
          checkRegions(b.name, b.regions, card);
        }
        if (new Set(blocks.map((b) => b.name)).size !== blocks.length) throw fail('blockNameDuplicate');
        const repo = d.repo(tx);
        const before = await repo.ofSubject(subjectId);
        const keep = blocks.filter((b) => b.id).map((b) => b.id!);
        if (keep.some((id) => !before.some((r) => r.id === id))) throw fail('blockNotFoundRefresh');
        await repo.removeOthers(subjectId, keep);
        for (const [i, b] of blocks.entries()) {
          const { id, ...fields } = b;
          if (id) await repo.update(id, { ...fields, sort: i });
          else await repo.insert({ subjectId, ...fields, sort: i });
        }
        await d.audit.record(tx, {
          action: 'block.save',
          examId: subject.examId,
          ...actor,
          target: `subject:${subjectId}`,
          detail: { before, after: blocks },
        });
      });
    },

    /**
     * The online card's template saved (laid out anew): every block whose questions it has answer boxes for
     * takes its regions from the card, while blocks may still change (设置中). Not the scanning template, or
     * a third-party one: nothing changes (its proposals stay to be accepted).
     */
    async takeRegionsFromCard(subjectId: number, actor: Actor): Promise<void> {
      const own = await ownCardOf(subjectId);
      if (!own) return;
      await d.db.transaction(async (tx) => {
        const subject = await d.exams.subjectRow(subjectId, tx);
        if (!allows(subject.status, 'editSetting')) return;
        const repo = d.repo(tx);
        const before = await repo.ofSubject(subjectId);
        const changed = before
          .map((r) => ({ id: r.id, name: r.name, regions: proposeRegions(own, r.nos), was: r.regions }))
          .filter((b) => b.regions.length && JSON.stringify(b.regions) !== JSON.stringify(b.was));
        if (!changed.length) return;
        for (const b of changed) await repo.update(b.id, { regions: b.regions });
        await d.audit.record(tx, {
          action: 'block.save',
          examId: subject.examId,
          ...actor,
          target: `subject:${subjectId}`,
          detail: { fromCard: changed.map(({ name, regions }) => ({ name, regions })) },
        });
      });
    },
  };
}
export type BlockService = ReturnType<typeof blockService>;
