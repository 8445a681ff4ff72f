import { arabicNumerals } from './chinese-numerals';
import type { ObjectiveKind, ObjectiveQuestion } from './question';

const KIND_WORDS: Record<string, ObjectiveKind> = {
  单选题: 'single',
  单选: 'single',
  多选题: 'multi',
  多选: 'multi',
  判断题: 'trueFalse',
  判断: 'trueFalse',
};

export type QuickEntryResult = { ok: true; questions: ObjectiveQuestion[] } | { ok: false; error: string };

/**
 * Parses the way teachers type a run of objective questions:
 * "1-10 单选 A-D 每题3分", "11-15 多选 A-E 每题5分 少选2分" (or "少选按比例"),
 * "16-20 判断 每题2分". One run per line;
 * numbers may be said in Chinese ("一到十 单选 每题五分", "每题两分半").
 */
export function parseQuickEntry(text: string): QuickEntryResult {
  const questions: ObjectiveQuestion[] = [];
  const lines = text
    .split(/[\n;；]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return { ok: false, error: '请输入题目，例如：1-10 单选 A-D 每题3分' };
  for (const said of lines) {
    // read in digits, but quoted back as the teacher wrote it
    const line = arabicNumerals(said);
    const range = line.match(/^(\d{1,3})\s*(?:[-—~～至到]\s*(\d{1,3}))?/);
    const kindWord = Object.keys(KIND_WORDS).find((w) => line.includes(w));
    const scoreM = line.match(/每题\s*(\d+(?:\.5)?)\s*分/) ?? line.match(/(\d+(?:\.5)?)\s*分/);
    if (!range || !kindWord || !scoreM)
      return { ok: false, error: `无法识别“${said}”，格式如：1-10 单选 A-D 每题3分` };
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (to < from) return { ok: false, error: `“${said}”的题号范围应从小到大` };
    const kind = KIND_WORDS[kindWord]!;
    const opt = line.match(/A\s*[-—~～]\s*([B-H])/i);
    const options = kind === 'trueFalse' ? 2 : opt ? opt[1]!.toUpperCase().charCodeAt(0) - 64 : 4;
    const partial = line.match(/少选(?:得)?\s*(\d+(?:\.5)?)\s*分/);
    // "少选按比例": the share rule (score × options found / key size)
    const share = kind === 'multi' && /少选按比例/.test(line);
    const score = Number(scoreM[1]);
    if (partial && Number(partial[1]) >= score)
      return { ok: false, error: `“${said}”的少选得分应小于每题分值` };
    for (let n = from; n <= to; n++) {
      questions.push({
        no: String(n),
        kind,
        options,
        score,
        answer: '',
        partialScore: kind === 'multi' && partial && !share ? Number(partial[1]) : null,
        ...(share ? { partialRule: 'share' as const } : {}),
        answerB: '',
        bNo: null,
      });
    }
  }
  const seen = new Set<string>();
  for (const q of questions) {
    if (seen.has(q.no)) return { ok: false, error: `题号 ${q.no} 重复` };
    seen.add(q.no);
  }
  return { ok: true, questions };
}

/**
 * Reads an answer string onto questions in order, as the entry's placeholder shows it: a run of single letters
 * gives one answer a question ("ABCDA…"); a 多选 question takes the rest of its run, so its answer ends at a
 * comma or space ("ABCDABCD,AB,CD": eight single answers, then two 多选). Text without any separator is one letter
 * a question, 多选 too ("ABCDA" for five questions). 对/错, T/F, √/× for true/false (stored as A/B). Separators
 * between single answers change nothing ("A B C,D").
 */
export function parseAnswers(
  text: string,
  questions: ObjectiveQuestion[],
): { ok: true; answers: string[] } | { ok: false; error: string } {
  const normalised = text
    .toUpperCase()
    .replace(/对|√|T/g, 'A')
    .replace(/错|×|F/g, 'B')
    .trim();
  const runs = normalised.split(/[\s,，、]+/).filter(Boolean);
  const oneEach = runs.length === 1;
  const answers: string[] = [];
  for (const run of runs) {
    for (let rest = run; rest;) {
      const q = questions[answers.length];
      if (!q) return { ok: false, error: `共 ${questions.length} 道客观题，答案多出了“${rest}”` };
      const taken = q.kind === 'multi' && !oneEach ? rest : rest[0]!;
      const allowed = 'ABCDEFGH'.slice(0, q.options);
      if ([...taken].some((c) => !allowed.includes(c)))
        return { ok: false, error: `第 ${q.no} 题的答案“${taken}”不在选项 A-${allowed.at(-1)} 之内` };
      answers.push([...new Set(taken)].sort().join(''));
      rest = rest.slice(taken.length);
    }
  }
  if (answers.length !== questions.length)
    return { ok: false, error: `共 ${questions.length} 道客观题，录入了 ${answers.length} 个答案` };
  return { ok: true, answers };
}
