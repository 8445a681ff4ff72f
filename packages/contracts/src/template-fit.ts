import type { CardTemplate } from './template';
import type { ObjectiveQuestion } from './question';

/**
 * A question the template reads otherwise than 题目设置 scores it. Recognition decides by the template (its group's
 * kind says whether two marks are an exception; its labels are the letters read) and scoring by the structure,
 * so each of these is a sheet scored wrongly without a word: a 判断 group read as T/F scored against 单选 key A
 * (every answer 0), a 多选 group where the key says 单选 (two marks not asked about), a fifth option E the
 * template has no bubble for.
 */
export interface ObjectiveMismatch {
  no: string;
  what: 'kind' | 'options' | 'labels';
  /** as the template reads it, in Chinese (多选, 4 个选项, A、B、√) */
  template: string;
  /** as 题目设置 has it */
  structure: string;
}

const KIND_LABELS = { single: '单选', multi: '多选', trueFalse: '判断' } as const;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** what scoring reads a 判断 label as (packages/scoring objective.ts): 对 = A, 错 = B */
const TRUE_FALSE: Record<string, string> = { A: 'A', B: 'B', T: 'A', F: 'B' };

type Group = CardTemplate['pages'][number]['objective'][number];

/** The question numbers an objective group reads, in order. */
export function groupQuestionNos(g: Group): string[] {
  const n = 'grid' in g ? g.grid.count : g.fields.length;
  if (g.questions?.length) return g.questions.slice(0, n);
  const first = g.firstQuestion ?? 1;
  return Array.from({ length: n }, (_, i) => String(first + i));
}

/** The question numbers of a group with each one's option labels, in order. */
function fieldsOf(g: Group): Array<{ no: string; labels: string[] }> {
  return groupQuestionNos(g).map((no, i) => ({
    no,
    labels: 'grid' in g ? g.grid.options : (g.fields[i]?.bubbles ?? []).map((b) => b.label),
  }));
}

/** Labels scoring can use: each of the question's letters once (判断: A/T and B/F). */
function labelsFit(labels: string[], kind: keyof typeof KIND_LABELS, options: number): boolean {
  const read = labels.map((l) => l.trim().toUpperCase());
  const as = kind === 'trueFalse' ? read.map((l) => TRUE_FALSE[l] ?? l) : read;
  const want = LETTERS.slice(0, options);
  return as.length === want.length && new Set(as).size === as.length && as.every((l) => want.includes(l));
}

/**
 * Every objective question bound on the template whose kind, option count or option labels disagree with
 * 题目设置 (the first disagreement per question, in template order; 单选 against 判断 only when the bubbles do not
 * score as the key reads). Questions the template has and the structure has not are `templateProblems`' other
 * lines.
 */
export function objectiveMismatches(
  t: CardTemplate,
  objective: ReadonlyArray<Pick<ObjectiveQuestion, 'no' | 'kind' | 'options'>>,
): ObjectiveMismatch[] {
  const byNo = new Map(objective.map((q) => [q.no, q]));
  const out: ObjectiveMismatch[] = [];
  for (const p of t.pages)
    for (const g of p.objective)
      for (const f of fieldsOf(g)) {
        const q = byNo.get(f.no);
        if (!q) continue;
        // labelsFit holds the option count too: each of the key's letters once
        const fits = labelsFit(f.labels, q.kind, q.options);
        // 单选 and 判断 read alike (one mark; two are asked about): a 判断 drawn as 单选 A/B scores right
        const sameReading = (g.kind === 'multi') === (q.kind === 'multi');
        if (g.kind !== q.kind && (!sameReading || !fits))
          out.push({ no: f.no, what: 'kind', template: KIND_LABELS[g.kind], structure: KIND_LABELS[q.kind] });
        else if (f.labels.length !== q.options)
          out.push({
            no: f.no,
            what: 'options',
            template: `${f.labels.length} 个选项`,
            structure: `${q.options} 个选项`,
          });
        else if (!fits)
          out.push({
            no: f.no,
            what: 'labels',
            template: f.labels.join('、'),
            structure:
              q.kind === 'trueFalse' ? 'A、B（或 T、F）' : LETTERS.slice(0, q.options).split('').join('、'),
          });
      }
  return out;
}

const listed = (nos: string[], max = 8) =>
  nos.length > max ? `${nos.slice(0, max).join('、')} 等 ${nos.length} 题` : `${nos.join('、')} `;

/** The mismatches in Chinese, one line per kind of disagreement (same template / structure reading together). */
export function mismatchMessages(list: ObjectiveMismatch[]): string[] {
  const groups = new Map<string, ObjectiveMismatch[]>();
  for (const m of list) {
    const key = `${m.what}|${m.template}|${m.structure}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((ms) => {
    const m = ms[0]!;
    const nos = `客观题 ${listed(ms.map((x) => x.no))}`;
    if (m.what === 'kind') return `${nos}在模板中是${m.template}，题目设置中是${m.structure}`;
    if (m.what === 'options') return `${nos}在模板中有 ${m.template}，题目设置中是 ${m.structure}`;
    return `${nos}在模板中的选项标签是 ${m.template}，无法按题目设置的 ${m.structure}计分`;
  });
}
