import { objectiveScore, type PartialRule } from './objective';
import type { Marks } from './round';

/** An objective question with its A and B keys (contracts `ObjectiveQuestion`, the fields scoring reads). */
export interface KeyQuestion {
  no: string;
  kind: 'single' | 'multi' | 'trueFalse';
  score: number;
  partialScore: number | null;
  /** 多选少选 rule (absent: fixed) */
  partialRule?: PartialRule;
  answer: string;
  answerB: string;
  /** its number on the B paper; null: the same number */
  bNo: string | null;
  /** 送分: full marks to every examinee with a sheet; 取消: the question counts for nobody (left out) */
  special?: QuestionSpecial | null;
}

/** A question given to all (送分) or cancelled from the paper (取消此题), with its reason on the question. */
export type QuestionSpecial = 'gift' | 'cancelled';

/** 选做题组: `pick` of `nos` count. */
export interface OptionalGroup {
  name: string;
  pick: number;
  nos: string[];
}

/** The key of a subject as scoring needs it. */
export interface SubjectKey {
  objective: KeyQuestion[];
  optionalGroups: OptionalGroup[];
  abEnabled: boolean;
}

/** Scores of one paper's objective questions and which ones the student answered (选做 needs it). */
export interface ObjectiveResult {
  scores: Marks;
  answered: Set<string>;
}

/**
 * Each objective question's score on one paper. A B paper (A/B enabled, type 'B') reads question q at its B
 * number (bNo ?? no) and scores it with the B key; anything else reads q at its own number with the A key.
 */
export function objectiveScores(
  key: SubjectKey,
  chosen: Record<string, string[] | null>,
  paperType: string | null,
): ObjectiveResult {
  return objectiveScorer(key)(chosen, paperType);
}

/**
 * objectiveScores for many papers of one key: a question's score for a reading is worked out once (a subject's
 * 100,000 sheets hold a few hundred distinct readings per question), so a key change re-scores at lookup speed.
 */
export function objectiveScorer(key: SubjectKey) {
  // a cancelled question is no part of anyone's score: neither scored nor answered (选做 skips it too)
  const keyed = key.objective
    .filter((q) => q.special !== 'cancelled')
    .map((q) => ({
      q,
      a: { ...q },
      b: { ...q, answer: q.answerB },
      // one memo per question and paper side, keyed by the reading: no string building per question and sheet
      memoA: new Map<string, number>(),
      memoB: new Map<string, number>(),
    }));
  return (chosen: Record<string, string[] | null>, paperType: string | null): ObjectiveResult => {
    const isB = key.abEnabled && paperType === 'B';
    const scores: Marks = {};
    const answered = new Set<string>();
    for (const { q, a, b, memoA, memoB } of keyed) {
      const read = chosen[isB ? (q.bNo ?? q.no) : q.no] ?? null;
      if (read?.some((c) => c.length > 0)) answered.add(q.no);
      if (q.special === 'gift') {
        scores[q.no] = q.score;
        continue;
      }
      const memo = isB ? memoB : memoA;
      const id = read === null ? '-' : read.length === 1 ? read[0]! : read.join(',');
      let v = memo.get(id);
      if (v === undefined) memo.set(id, (v = objectiveScore(isB ? b : a, read)));
      scores[q.no] = v;
    }
    return { scores, answered };
  };
}

/**
 * The questions that count under the 选做 groups: in each group the first `pick` answered members in the group's
 * order (a student who answers more than asked is scored on the first ones, as exam rules say); questions of no
 * group always count. `answered` is what the student did (objective: a bubble filled; subjective: a score above 0,
 * since a shared box is marked on the question the student wrote).
 */
export function countedQuestions(
  groups: OptionalGroup[],
  nos: string[],
  answered: (no: string) => boolean,
): Set<string> {
  const grouped = new Set(groups.flatMap((g) => g.nos));
  const counted = new Set(nos.filter((no) => !grouped.has(no)));
  for (const g of groups) for (const no of g.nos.filter(answered).slice(0, g.pick)) counted.add(no);
  return counted;
}

/** Everything one examinee's subject score is made of. */
export interface ScoreParts {
  absent: boolean;
  /** 违纪: the subject scores 0 (the reason is kept beside it) */
  irregular: boolean;
  /** a sheet of this examinee was scanned */
  hasPaper: boolean;
  objective: ObjectiveResult;
  /** final subjective question scores (marking's block scores, or 先阅后扫 strip scores) */
  subjective: Marks;
  /** question → the score an adjustment set (the last one wins) */
  adjusted: Marks;
  groups: OptionalGroup[];
}

/** One examinee's subject score; null figures when absent or without a sheet (kept apart from 0). */
export interface SubjectScore {
  objective: number | null;
  subjective: number | null;
  total: number | null;
  /** the counted questions only (a 选做 question not chosen is left out) */
  questions: Marks;
}

const round1 = (n: number) => Math.round(n * 10) / 10 + 0;

/**
 * objective + subjective with adjustments and 选做 applied; 违纪 sets 0, 缺考 and 无答题卡 leave no figure.
 * One pass over the questions (a subject's 100,000 examinees go through here on every key change).
 */
export function subjectScore(p: ScoreParts): SubjectScore {
  if (p.absent || !p.hasPaper) return { objective: null, subjective: null, total: null, questions: {} };
  const objectiveScores = p.objective.scores;
  const isObjective = (no: string) => Object.hasOwn(objectiveScores, no);
  const all: Marks = { ...objectiveScores, ...p.subjective, ...p.adjusted };
  const counted = p.groups.length
    ? countedQuestions(p.groups, Object.keys(all), (no) =>
        isObjective(no) ? p.objective.answered.has(no) : (all[no] ?? 0) > 0,
      )
    : null;
  const questions: Marks = {};
  let objective = 0;
  let subjective = 0;
  for (const [no, score] of Object.entries(all)) {
    if (counted && !counted.has(no)) continue;
    const v = p.irregular ? 0 : score;
    questions[no] = v;
    if (isObjective(no)) objective += v;
    else subjective += v;
  }
  objective = round1(objective);
  subjective = round1(subjective);
  return { objective, subjective, total: round1(objective + subjective), questions };
}
