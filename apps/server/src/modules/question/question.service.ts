import {
  allows,
  abMappingProblems,
  objectiveQuestion,
  structureProblems,
  structureTotals,
  QUESTION_SPECIAL_LABELS,
  type AbSave,
  type ObjectiveQuestion,
  type SpecialSave,
  type StandardSave,
  type OptionalQuestionGroup,
  type Structure,
  type StructureInfo,
  type SubjectiveQuestion,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { assertAllows } from '../../lib/subject-state';
import { type questionRepo, toObjective, toSubjective, type AnswerRow } from './question.repo';

interface AuditedOptions {
  /** its lifecycle operation: the structure (设置中 only, DESIGN.md §3) or keys and standards (until published) */
  op?: 'editSetting' | 'editAnswers';
  reason?: string;
  /** false: the change moves no score (评分标准 text, B-paper option mappings) */
  rescore?: boolean;
}

/** A subject's question structure (spec: setting/question, /answer, /abrelation, paperStructure*). */
export function questionService(d: {
  db: Db;
  repo: typeof questionRepo;
  audit: AuditService;
  exams: ExamService;
  /** after a saved change of keys or structure: re-score the subject (a queued job) */
  rescore?: (subjectId: number) => Promise<void>;
}) {
  async function load(db: Db, subjectId: number) {
    // read through `db`: inside a transaction on the embedded database, a read outside it would wait forever
    const subject = await d.exams.subjectRow(subjectId, db);
    const subjectInfo = { status: subject.status, fullScore: Number(subject.fullScore) };
    const rows = await d.repo(db).ofSubject(subjectId);
    const structure: Structure = {
      objective: rows.filter((r) => r.kind !== 'subjective').map(toObjective),
      subjective: rows.filter((r) => r.kind === 'subjective').map(toSubjective),
      optionalGroups: subject.optionalGroups,
      abEnabled: subject.abEnabled,
    };
    return { subjectInfo, examId: subject.examId, structure };
  }

  async function audited(
    subjectId: number,
    action: string,
    actor: Actor,
    change: (tx: Db, before: Structure) => Promise<void>,
    options: AuditedOptions | ((before: Structure) => AuditedOptions) = {},
  ) {
    let rescore = true;
    await d.db.transaction(async (tx) => {
      const before = await load(tx, subjectId);
      // the operation may depend on what the save changes (read under the transaction, see saveAb)
      const opts = typeof options === 'function' ? options(before.structure) : options;
      const { op = 'editSetting', reason } = opts;
      rescore = opts.rescore ?? true;
      assertAllows(before.subjectInfo.status, op);
      await change(tx, before.structure);
      const after = await load(tx, subjectId);
      // checked on the saved whole: removing question 5 breaks a mapping to it as much as a typo does
      const ab = abMappingProblems(after.structure);
      if (ab.length) throw fail('abNumberingWrong', { problems: ab.join('；') });
      await d.audit.record(tx, {
        action,
        examId: before.examId,
        ...actor,
        target: `subject:${subjectId}`,
        detail: { before: before.structure, after: after.structure, ...(reason ? { reason } : {}) },
      });
    });
    if (rescore) await d.rescore?.(subjectId);
  }

  return {
    /** The structure read through `db` (a caller's transaction). */
    structureIn: async (db: Db, subjectId: number): Promise<Structure> =>
      (await load(db, subjectId)).structure,

    /** The subject's subjective questions with full score and step (the bounds of a typed 打分栏 score). */
    subjective: async (subjectId: number): Promise<SubjectiveQuestion[]> =>
      (await d.repo(d.db).ofSubject(subjectId)).filter((q) => q.kind === 'subjective').map(toSubjective),

    async info(subjectId: number): Promise<StructureInfo> {
      const { subjectInfo, structure } = await load(d.db, subjectId);
      return {
        subjectId,
        status: subjectInfo.status,
        editable: allows(subjectInfo.status, 'editSetting'),
        fullScore: subjectInfo.fullScore,
        structure,
        totals: structureTotals(structure, subjectInfo.fullScore),
      };
    },

    saveObjective: (subjectId: number, questions: ObjectiveQuestion[], actor: Actor) =>
      audited(subjectId, 'question.objective', actor, async (tx, before) => {
        // 送分 / 取消此题 is set only by its own save (with a reason): a structure save keeps what a number had
        const kept = new Map(before.objective.map((q) => [q.no, q]));
        await d.repo(tx).replace(
          subjectId,
          true,
          questions.map((q, i) => ({
            subjectId,
            ...q,
            partialRule: q.partialRule ?? 'fixed',
            special: kept.get(q.no)?.special ?? null,
            specialReason: kept.get(q.no)?.specialReason ?? null,
            // the B-paper option mapping is set by the AB卷 save; kept while the question keeps its option count
            bOptions: kept.get(q.no)?.options === q.options ? (kept.get(q.no)?.bOptions ?? null) : null,
            sort: i,
          })),
        );
      }),

    saveSubjective: (subjectId: number, questions: SubjectiveQuestion[], actor: Actor) =>
      audited(subjectId, 'question.subjective', actor, async (tx, before) => {
        // the 评分标准 of a question that stays is kept: only the `standard` save changes it
        const standards = new Map(before.subjective.map((q) => [q.no, q.answer ?? '']));
        await d.repo(tx).replace(
          subjectId,
          false,
          questions.map((q, i) => ({
            subjectId,
            kind: 'subjective',
            no: q.no,
            score: q.score,
            step: q.step,
            bNo: q.bNo,
            answer: standards.get(q.no) ?? '',
            sort: 1000 + i,
          })),
        );
      }),

    saveOptional: (subjectId: number, groups: OptionalQuestionGroup[], actor: Actor) =>
      audited(subjectId, 'question.optional', actor, async (tx) => {
        await d.repo(tx).setSubjectOptions(subjectId, { optionalGroups: groups });
      }),

    /**
     * AB卷 tab: A/B papers on or off, the B-paper number and option mapping of objective questions. A save that
     * changes only option mappings moves no score (the B key is kept apart): allowed like a key change until
     * published, without re-scoring; anything else is a structure edit (设置中 only).
     */
    saveAb: (subjectId: number, input: AbSave, actor: Actor) =>
      audited(
        subjectId,
        'question.ab',
        actor,
        async (tx, before) => {
          const objectiveNos = new Set(before.objective.map((q) => q.no));
          const unknown = (input.objective ?? []).filter((x) => !objectiveNos.has(x.no)).map((x) => x.no);
          if (unknown.length) throw fail('objectivesNotSaved', { nos: unknown.join('、') });
          const repo = d.repo(tx);
          await repo.setSubjectOptions(subjectId, { abEnabled: input.abEnabled });
          if (input.objective) await repo.setBNos(subjectId, input.objective);
        },
        (before) => {
          const was = new Map(before.objective.map((q) => [q.no, q.bNo]));
          const mappingOnly =
            input.abEnabled === before.abEnabled &&
            (input.objective ?? []).every((x) => was.has(x.no) && was.get(x.no) === x.bNo);
          return mappingOnly ? { op: 'editAnswers', rescore: false } : {};
        },
      ),

    /** Answer keys may change in any state before publishing; later issues re-score on change. */
    saveAnswers: (subjectId: number, answers: AnswerRow[], actor: Actor) =>
      audited(
        subjectId,
        'question.answer',
        actor,
        async (tx, before) => {
          for (const a of answers) {
            const q = before.objective.find((x) => x.no === a.no);
            if (!q) throw fail('objectiveNotFound', { no: a.no });
            const checked = objectiveQuestion.safeParse({
              ...q,
              answer: a.answer,
              answerB: a.answerB ?? q.answerB,
              partialScore: a.partialScore === undefined ? q.partialScore : a.partialScore,
              partialRule: a.partialRule ?? q.partialRule,
            });
            const reason = checked.success ? undefined : checked.error.issues[0]?.message;
            if (!checked.success)
              throw reason ? fail('answerRejected', { reason }) : fail('answerInvalid', { no: a.no });
          }
          await d.repo(tx).setAnswers(subjectId, answers);
        },
        { op: 'editAnswers' },
      ),

    /** 评分标准 of subjective questions: like answer keys, changed in any state before publishing. */
    saveStandards: (subjectId: number, standards: StandardSave['standards'], actor: Actor) =>
      audited(
        subjectId,
        'question.standard',
        actor,
        async (tx, before) => {
          const nos = new Set(before.subjective.map((q) => q.no));
          const unknown = standards.filter((x) => !nos.has(x.no)).map((x) => x.no);
          if (unknown.length) throw fail('subjectivesNotSaved', { nos: unknown.join('、') });
          await d.repo(tx).setStandards(subjectId, standards);
        },
        { op: 'editAnswers', rescore: false },
      ),

    /**
     * 送分 / 取消此题: one objective question given full marks to every examinee with a sheet, cancelled from the
     * paper, or set back to its key (special null). A key change: allowed until the subject is published, audited
     * with the reason, and the subject re-scored by the queued job.
     */
    saveSpecial: (subjectId: number, input: SpecialSave, actor: Actor) =>
      audited(
        subjectId,
        'question.special',
        actor,
        async (tx, before) => {
          const q = before.objective.find((x) => x.no === input.no);
          if (!q) throw fail('objectiveNotFound', { no: input.no });
          if ((q.special ?? null) === input.special)
            throw input.special
              ? fail('questionAlreadySpecial', { no: q.no, special: QUESTION_SPECIAL_LABELS[input.special] })
              : fail('questionNotSpecial', { no: q.no });
          await d.repo(tx).setSpecial(subjectId, q.no, input.special, input.reason);
        },
        { op: 'editAnswers', reason: input.reason },
      ),

    /** judge/strucTemplate: what stops the structure from being used, in Chinese; empty when ready. */
    async judge(subjectId: number): Promise<{ ok: boolean; problems: string[] }> {
      const { subjectInfo, structure } = await load(d.db, subjectId);
      const problems = structureProblems(structure, subjectInfo.fullScore);
      return { ok: problems.length === 0, problems };
    },
  };
}
export type QuestionService = ReturnType<typeof questionService>;
