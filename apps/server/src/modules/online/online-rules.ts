import { objectiveKind, SubjectStatus, type SitterState } from '@yj/contracts';
import { objectiveScores, total, type KeyQuestion } from '@yj/scoring';

const OBJECTIVE = new Set<string>(objectiveKind.options);
export const isObjective = (kind: string): boolean => OBJECTIVE.has(kind);

/** The letters an objective question offers: A, B, … (判断: A 对, B 错). */
export function letters(kind: string, options: number): string[] {
  const n = kind === 'trueFalse' ? 2 : options;
  return Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
}

/** Whether `value` is a valid choice of the question: letters it offers, once each, one for single / 判断. */
export function validChoice(kind: string, options: number, value: string): boolean {
  if (value === '') return true;
  const offered = new Set(letters(kind, options));
  const chosen = [...value];
  if (new Set(chosen).size !== chosen.length || chosen.some((c) => !offered.has(c))) return false;
  return kind === 'multi' || chosen.length === 1;
}

/** When a student starting at `start` must submit: start + duration, never past the window's end. */
export function deadlineOf(start: Date, durationMin: number, endsAt: Date): Date {
  return new Date(Math.min(start.getTime() + durationMin * 60_000, endsAt.getTime()));
}

interface ScoredQuestion {
  no: string;
  kind: string;
  score: number;
  answer: string;
  answerB: string;
  bNo: string | null;
  partialScore: number | null;
  partialRule: string;
  special: string | null;
}

/** The objective part of a submitted attempt scored by packages/scoring, as a scanned sheet's reading would be. */
export function scoreObjective(
  questions: ScoredQuestion[],
  answers: { no: string; value: string }[],
  ab: { enabled: boolean; paperType: string | null },
): { scores: Record<string, number>; total: number } {
  const objective: KeyQuestion[] = questions
    .filter((q) => isObjective(q.kind))
    .map((q) => ({
      no: q.no,
      kind: q.kind as KeyQuestion['kind'],
      score: q.score,
      partialScore: q.partialScore,
      partialRule: q.partialRule === 'share' ? 'share' : 'fixed',
      answer: q.answer,
      answerB: q.answerB,
      bNo: q.bNo,
      special: q.special === 'gift' || q.special === 'cancelled' ? q.special : null,
    }));
  const chosen: Record<string, string[] | null> = {};
  for (const a of answers) chosen[a.no] = a.value ? [a.value] : null;
  const { scores } = objectiveScores(
    { objective, optionalGroups: [], abEnabled: ab.enabled },
    chosen,
    ab.paperType,
  );
  return { scores, total: total(scores) };
}

/** Where a student is, from the attempt (none: not started). */
export const sitterStateOf = (a: { submittedAt: Date | null } | undefined): SitterState =>
  !a ? 'notStarted' : a.submittedAt ? 'submitted' : 'inProgress';

/**
 * 重新开放 only before marking starts: 开始阅卷 sets each 题块's regions to the tallest typed page handed in by
 * then, so an answer handed in later could run past them and reach the marker cut short.
 */
export const reopenable = (status: number): boolean => status === SubjectStatus.setting;
