import {
  parseAnswers,
  parseQuickEntry,
  type ObjectiveQuestion,
  type Structure,
  type StructureTag,
  type SubjectiveQuestion,
} from '@yj/contracts';

/** "13(2)" → [13, 2]; "13" → [13, 0]. */
function noParts(no: string): [number, number] {
  const m = /^(\d+)(?:\((\d+)\))?$/.exec(no);
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : [Number.MAX_SAFE_INTEGER, 0];
}

/** Orders question numbers as a paper does: 2 before 10, 13(1) before 13(2) before 14. */
export function compareNo(a: string, b: string): number {
  const [a1, a2] = noParts(a);
  const [b1, b2] = noParts(b);
  return a1 - b1 || a2 - b2;
}

export const byNo = <T extends { no: string }>(list: T[]): T[] =>
  [...list].sort((x, y) => compareNo(x.no, y.no));

export type QuickEntryOutcome = { ok: true; questions: ObjectiveQuestion[] } | { ok: false; error: string };

/** parseQuickEntry, with the failing line named ("第 2 行：…") so a long entry is easy to fix. */
export function quickEntry(text: string): QuickEntryOutcome {
  const whole = parseQuickEntry(text);
  if (whole.ok) return whole;
  const lines = text.split('\n');
  const bad = lines.findIndex((l) => l.trim() && !parseQuickEntry(l).ok);
  if (bad < 0 || lines.filter((l) => l.trim()).length < 2) return whole;
  const own = parseQuickEntry(lines[bad]!);
  return { ok: false, error: `第 ${bad + 1} 行：${own.ok ? whole.error : own.error}` };
}

/** Puts quick-entry questions into the list: the same numbers are replaced, the others kept. */
export function mergeObjective(list: ObjectiveQuestion[], added: ObjectiveQuestion[]): ObjectiveQuestion[] {
  const nos = new Set(added.map((q) => q.no));
  return byNo([...list.filter((q) => !nos.has(q.no)), ...added]);
}

/** The next whole question number after every question of the structure. */
export function nextNo(s: Pick<Structure, 'objective' | 'subjective'>): string {
  const max = Math.max(0, ...[...s.objective, ...s.subjective].map((q) => noParts(q.no)[0]));
  return String(max + 1);
}

/**
 * Adds a sub-question to question `no`: "13" becomes 13(1) and 13(2) (its score split as evenly as
 * whole points allow); "13(2)" adds 13(3) after the last sub-question.
 */
export function addSubQuestion(list: SubjectiveQuestion[], no: string): SubjectiveQuestion[] {
  const [main] = noParts(no);
  const own = list.filter((q) => noParts(q.no)[0] === main);
  const rest = list.filter((q) => noParts(q.no)[0] !== main);
  const base = own[0];
  if (!base) return list;
  if (own.length === 1 && noParts(base.no)[1] === 0) {
    const first = Math.max(1, Math.ceil(base.score / 2));
    const second = Math.max(1, base.score - first);
    return byNo([
      ...rest,
      { ...base, no: `${main}(1)`, score: first },
      { ...base, no: `${main}(2)`, score: second },
    ]);
  }
  const last = Math.max(...own.map((q) => noParts(q.no)[1]));
  return byNo([...list, { ...base, no: `${main}(${last + 1})`, score: base.step === 0.5 ? 1 : 2 }]);
}

export type AnswerOutcome = { ok: true; questions: ObjectiveQuestion[] } | { ok: false; error: string };

/** Reads an answer string ("ABCDA…") onto the objective questions, A or B paper. */
export function fillAnswers(
  questions: ObjectiveQuestion[],
  text: string,
  paper: 'A' | 'B' = 'A',
): AnswerOutcome {
  if (!questions.length) return { ok: false, error: '请先录入并保存客观题' };
  const ordered = byNo(questions);
  const r = parseAnswers(text, ordered);
  if (!r.ok) return r;
  const key = paper === 'A' ? 'answer' : 'answerB';
  const byIndex = new Map(ordered.map((q, i) => [q.no, r.answers[i]!]));
  return { ok: true, questions: questions.map((q) => ({ ...q, [key]: byIndex.get(q.no) ?? q[key] })) };
}

/** The answer string of the questions as typed: single letters run together, otherwise comma-separated. */
export function answerString(questions: ObjectiveQuestion[], paper: 'A' | 'B' = 'A'): string {
  const keys = byNo(questions).map((q) => (paper === 'A' ? q.answer : q.answerB));
  if (keys.every((k) => !k)) return '';
  return keys.some((k) => k.length !== 1) ? keys.map((k) => k || '?').join(',') : keys.join('');
}

/** The body of the answer save: every objective question's keys and partial-credit rule. */
export function answersBody(questions: ObjectiveQuestion[], ab: boolean) {
  return {
    answers: questions.map((q) => ({
      no: q.no,
      answer: q.answer,
      ...(ab ? { answerB: q.answerB } : {}),
      partialScore: q.partialScore,
      partialRule: q.partialRule ?? 'fixed',
    })),
  };
}

/** The AB卷 tab's part of the objective questions: each one's B-paper number and option mapping. */
export const bNosOf = (questions: ObjectiveQuestion[]) =>
  questions.map((q) => ({ no: q.no, bNo: q.bNo, bOptions: q.bOptions ?? null }));

/** `questions` with the B-paper numbers and option mappings of `from` (the saved AB tab), other unsaved edits kept. */
export function withBNos(questions: ObjectiveQuestion[], from: ObjectiveQuestion[]): ObjectiveQuestion[] {
  const b = new Map(from.map((q) => [q.no, q]));
  return questions.map((q) => {
    const x = b.get(q.no);
    return x ? { ...q, bNo: x.bNo ?? null, bOptions: x.bOptions ?? null } : q;
  });
}

/** A changed kind keeps the row valid: 判断 has two options and no partial credit. */
export function withKind(q: ObjectiveQuestion, kind: ObjectiveQuestion['kind']): ObjectiveQuestion {
  if (kind === 'trueFalse')
    return { ...q, kind, options: 2, partialScore: null, partialRule: 'fixed', answer: q.answer.slice(0, 1) };
  if (kind === 'single')
    return {
      ...q,
      kind,
      options: q.kind === 'trueFalse' ? 4 : q.options,
      partialScore: null,
      partialRule: 'fixed',
      answer: q.answer.slice(0, 1),
    };
  return { ...q, kind, options: q.kind === 'trueFalse' ? 4 : q.options };
}

/** Where the structure's total differs from the full score, for the totals bar. */
export function totalsNote(t: {
  objective: number;
  subjective: number;
  total: number;
  fullScore: number;
}): string {
  if (t.total === t.fullScore) return `题目总分与科目满分 ${t.fullScore} 分一致`;
  const diff = t.fullScore - t.total;
  return diff > 0
    ? `还差 ${diff} 分：题目总分 ${t.total} 分，科目满分 ${t.fullScore} 分`
    : `多出 ${-diff} 分：题目总分 ${t.total} 分，科目满分 ${t.fullScore} 分`;
}

type Tab = Exclude<StructureTag, 'special'>;
/**
 * The parts a tab's save refers to by number: answers, A/B numbers and 评分标准 of questions the server does
 * not have yet are refused (客观题 1 不存在), and a 选做题 group names questions of both kinds.
 */
const REFERS_TO: Record<Tab, Tab[]> = {
  objective: [],
  subjective: [],
  optional: ['objective', 'subjective'],
  ab: ['objective'],
  answer: ['objective'],
  standard: ['subjective'],
};

/** The saves one 保存 of `tag` sends, in order: the unsaved parts it refers to first, then its own. */
export function savePlan(tag: Tab, dirty: Record<Tab, boolean>): Tab[] {
  return [...REFERS_TO[tag].filter((t) => dirty[t]), tag];
}
