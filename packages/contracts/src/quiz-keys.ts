import type { ObjectiveQuestion } from './question';

export type QuizKeysResult = { ok: true; questions: ObjectiveQuestion[] } | { ok: false; error: string };

const LETTERS = 'ABCDEFGH';
// a run: "1-10 ABCDABCDAB", "11-12：AC,BD" (answers of more than one letter are 多选, split by a separator)
const RUN = /(\d{1,3})(?:\s*[-—~～到至]\s*(\d{1,3}))?\s*[:：]?\s*([A-H](?:[A-H]|[,，、\s]+(?=[A-H]))*)/g;

/** Full-width letters, digits and punctuation as ASCII, letters upper-case: what a Chinese input method types. */
const normalise = (text: string) =>
  text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).toUpperCase();

/**
 * The objective questions of a quiz from its keys typed in one line (课堂小测): runs of "first-last keys", e.g.
 * "1-10 ABCDABCDAB" (a letter a question) or "11-13 AC,B,ABD" (separated: one answer a question, more than one
 * letter makes a 多选 question). Every question has `options` options and `score` points; 多选 is all or nothing.
 */
export function parseQuizKeys(text: string, options: number, score: number): QuizKeysResult {
  const line = normalise(text).trim();
  if (!line) return { ok: true, questions: [] };
  const allowed = LETTERS.slice(0, options);
  const questions: ObjectiveQuestion[] = [];
  let consumed = 0;
  for (const m of line.matchAll(RUN)) {
    const between = line.slice(consumed, m.index).replace(/[\s;；,，、]/g, '');
    if (between) return { ok: false, error: `无法识别“${between}”，格式如：1-10 ABCDABCDAB` };
    consumed = m.index + m[0].length;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from < 1 || to < from) return { ok: false, error: `题号范围“${m[1]}-${m[2]}”应从小到大且从 1 起` };
    const keys = m[3]!.trim();
    const answers = /[,，、\s]/.test(keys) ? keys.split(/[,，、\s]+/) : [...keys];
    const count = to - from + 1;
    if (answers.length !== count)
      return { ok: false, error: `第 ${from}-${to} 题共 ${count} 题，却给了 ${answers.length} 个答案` };
    for (const [i, raw] of answers.entries()) {
      const answer = [...new Set(raw)].sort().join('');
      const no = from + i;
      const outside = [...answer].find((c) => !allowed.includes(c));
      if (outside) return { ok: false, error: `第 ${no} 题答案 ${outside} 超出选项 A-${allowed.at(-1)}` };
      questions.push({
        no: String(no),
        kind: answer.length > 1 ? 'multi' : 'single',
        options,
        score,
        answer,
        partialScore: null,
        answerB: '',
        bNo: null,
      });
    }
  }
  const rest = line.slice(consumed).replace(/[\s;；,，、]/g, '');
  if (rest) return { ok: false, error: `无法识别“${rest}”，格式如：1-10 ABCDABCDAB` };
  const seen = new Set<string>();
  for (const q of questions) {
    if (seen.has(q.no)) return { ok: false, error: `题号 ${q.no} 重复` };
    seen.add(q.no);
  }
  if (questions.length > 100) return { ok: false, error: '小测的客观题不能超过 100 道' };
  return { ok: true, questions: questions.sort((a, b) => Number(a.no) - Number(b.no)) };
}
