/**
 * Where one student stands among others (学生端, issue 32): the figures a school may show a student or parent
 * about a subject or the total — average, highest, rank (competition ranking: ties share the best rank) — and the
 * coarse forms a school shows instead of numbers: a band of the rank, a 等级 of the score.
 */
export interface Standing {
  avg: number | null;
  max: number | null;
  /** 1 + how many scored above; null when the student has no score */
  rank: number | null;
  /** how many have a score */
  n: number;
}

/** The figures of `mine` among `values` (the scores present; 缺考 left out by the caller). */
export function standingOf(values: readonly number[], mine: number | null): Standing {
  if (!values.length) return { avg: null, max: null, rank: null, n: 0 };
  let sum = 0;
  let max = -Infinity;
  let above = 0;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
    if (mine !== null && v > mine) above++;
  }
  return {
    avg: Math.round((sum / values.length) * 100) / 100,
    max,
    rank: mine === null ? null : above + 1,
    n: values.length,
  };
}

/** The band a rank falls in, for schools that publish no ranks: 前 10% / 前 30% / 前 60% / 后 40%. */
export function rankBand(rank: number | null, n: number): string | null {
  if (rank === null || n <= 0) return null;
  const share = rank / n;
  if (share <= 0.1) return '前 10%';
  if (share <= 0.3) return '前 30%';
  if (share <= 0.6) return '前 60%';
  return '后 40%';
}

/** 等级 by the share of full marks: A ≥ 90 %, B ≥ 80 %, C ≥ 70 %, D ≥ 60 %, else E. */
export function scoreLevel(score: number | null, fullScore: number): string | null {
  if (score === null || fullScore <= 0) return null;
  const rate = score / fullScore;
  if (rate >= 0.9) return 'A';
  if (rate >= 0.8) return 'B';
  if (rate >= 0.7) return 'C';
  if (rate >= 0.6) return 'D';
  return 'E';
}
