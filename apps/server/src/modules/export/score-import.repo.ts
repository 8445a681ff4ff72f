import { and, eq, isNull, sql } from 'drizzle-orm';
import { paper, score, subject } from '../../db/schema';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import type { SchoolFilter } from '../scan/scan-access';
import { inSchools } from '../score/score-reads';

/** Rows written per statement. */
const CHUNK = 5000;

/** One examinee's imported score (null total: 缺考). */
export interface ImportedScore {
  examineeId: number;
  total: number | null;
  absent: boolean;
}

/** 成绩导入's reads and writes: the examinees a template lists, and the imported scores. */
export function scoreImportRepo(db: Db | Tx) {
  return {
    /** The exam's examinees the user sees, by exam number. */
    async examinees(examId: number, f: SchoolFilter) {
      const r = await db.execute(sql`
        select e.id, e.kaohao, st.name from examinee e join student st on st.id = e.student_id
        where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, f)} order by e.kaohao`);
      return rowsOf<{ id: number; kaohao: string; name: string }>(r);
    },

    /** Whether a sheet was scanned for the subject. */
    async scanned(subjectId: number): Promise<boolean> {
      const [found] = await db
        .select({ id: paper.id })
        .from(paper)
        .where(and(eq(paper.subjectId, subjectId), isNull(paper.deletedAt)))
        .limit(1);
      return found !== undefined;
    },

    /** The subject's state, read under its lock (shared: a 发布 waits for the import, and the import for it). */
    async lockedStatus(subjectId: number): Promise<number | undefined> {
      const [now] = rowsOf<{ status: number }>(
        await db.execute(sql`select status from subject where id = ${subjectId} for share`),
      );
      return now?.status;
    },

    /** The scores written over any there were (the subject then marked as imported). */
    async save(subjectId: number, scores: readonly ImportedScore[]): Promise<void> {
      await db.update(subject).set({ scoresImported: true }).where(eq(subject.id, subjectId));
      for (let i = 0; i < scores.length; i += CHUNK) {
        const now = new Date();
        await db
          .insert(score)
          .values(
            scores.slice(i, i + CHUNK).map((v) => ({
              subjectId,
              examineeId: v.examineeId,
              total: v.total,
              subjective: v.total,
              objective: null,
              absent: v.absent,
              questionScores: {},
              computedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [score.subjectId, score.examineeId],
            set: {
              total: sql`excluded.total`,
              subjective: sql`excluded.subjective`,
              objective: sql`excluded.objective`,
              absent: sql`excluded.absent`,
              irregular: false,
              irregularReason: null,
              questionScores: sql`excluded.question_scores`,
              computedAt: sql`excluded.computed_at`,
            },
          });
      }
    },
  };
}
/** The repository as the service receives it (export.module.ts): over the pool or a transaction. */
export type ScoreImportRepoOf = typeof scoreImportRepo;
