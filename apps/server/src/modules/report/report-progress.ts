import { mean, rankChange, ranks } from '@yj/stats';

/** A student's score in one exam (null: 缺考). */
export interface ProgressEntry {
  studentId: number;
  total: number | null;
}

export interface ProgressLine {
  studentId: number;
  score: number | null;
  rank: number | null;
  earlierScore: number | null;
  earlierRank: number | null;
  /** earlier rank − current rank: > 0 进步 */
  change: number | null;
}

/** A student's score in one exam with their exam-wide rank in it. */
export interface RankedEntry extends ProgressEntry {
  rank: number | null;
}

/**
 * 进退步: each student of the current exam who was also in the earlier one, with the exam-wide rank in each
 * (ranked over each exam's own examinees, competition ranking) and the change. Pure.
 */
export function progressLines(
  current: readonly ProgressEntry[],
  earlier: readonly ProgressEntry[],
): ProgressLine[] {
  const now = ranks(current.map((e) => e.total));
  const before = ranks(earlier.map((e) => e.total));
  return progressJoin(
    current.map((e, i) => ({ ...e, rank: now[i]! })),
    earlier.map((e, i) => ({ ...e, rank: before[i]! })),
  );
}

/** 进退步 of entries already ranked over their exams (the cached 学生成绩 figures): joined by student. */
export function progressJoin(
  current: readonly RankedEntry[],
  earlier: readonly RankedEntry[],
): ProgressLine[] {
  const then = new Map(earlier.map((e) => [e.studentId, e]));
  const shared = current.flatMap((e) => {
    const b = then.get(e.studentId);
    return b ? [{ e, b }] : [];
  });
  const change = rankChange(
    shared.map((x) => x.e.rank),
    shared.map((x) => x.b.rank),
  );
  return shared.map((x, k) => ({
    studentId: x.e.studentId,
    score: x.e.total,
    rank: x.e.rank,
    earlierScore: x.b.total,
    earlierRank: x.b.rank,
    change: change[k]!,
  }));
}

/** A class's 进退步: students with a change, how many moved up, down, and the mean change. */
export function progressSummary(lines: readonly ProgressLine[]) {
  const changes = lines.flatMap((l) => (l.change === null ? [] : [l.change]));
  return {
    compared: changes.length,
    up: changes.filter((c) => c > 0).length,
    down: changes.filter((c) => c < 0).length,
    meanChange: mean(changes),
  };
}
