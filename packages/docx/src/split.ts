import type { Para } from './paragraphs';

/** A question read from the paper, for the school to check beside its source before use. */
export interface ImportedQuestion {
  /** the number as the paper writes it; parts （1）（2） stay in their question, and number questions only in a paper without 1. 2. */
  no: string;
  /** the stem: math in $…$, images as ![图片](docx:word/media/…) */
  content: string;
  /** options A, B, … in order; empty for a written question */
  optionTexts: string[];
  /** the paragraphs as Word shows them, for checking side by side */
  source: string;
  images: string[];
  checks: string[];
}

const QUESTION = /^\s*(\d{1,3})\s*[.．、]\s*/;
const PART = /^\s*[（(]\s*(\d{1,2})\s*[）)]\s*/;
/** 一、选择题 — a section heading, which ends the question before it and belongs to none */
const SECTION = /^\s*[一二三四五六七八九十]{1,3}\s*[、.．]/;
const letterAt = (i: number) => String.fromCharCode(65 + i);

/**
 * Cuts a paragraph into options when it starts with the next option letter: "A. 1  B. 2" on one line gives
 * two; a letter counts only in order (A then B …) and after a space, so "A.B 两点" inside text stays text.
 */
function options(content: string, next: number): string[] | null {
  const head = new RegExp(`^\\s*[(（]?${letterAt(next)}\\s*[.．、)）]\\s*`);
  if (!head.test(content)) return null;
  const out: string[] = [];
  let rest = content.replace(head, '');
  for (let k = next + 1; k < 26; k++) {
    const m = new RegExp(`\\s+[(（]?${letterAt(k)}\\s*[.．、)）]\\s*`).exec(rest);
    if (!m) break;
    out.push(rest.slice(0, m.index).trim());
    rest = rest.slice(m.index + m[0].length);
  }
  out.push(rest.trim());
  return out;
}

/** Groups paragraphs into questions by their numbers (typed, or Word's list numbering). */
export function splitQuestions(paras: Para[]): ImportedQuestion[] {
  const out: ImportedQuestion[] = [];
  let current: ImportedQuestion | null = null;
  /** the question a （n） part belongs to; parts before any numbered question are questions themselves */
  let parent: string | null = null;
  let lastNo = 0;
  const start = (no: string, p: Para, content: string) => {
    current = {
      no,
      content,
      optionTexts: [],
      source: p.source.trim(),
      images: [...p.images],
      checks: [...p.checks],
    };
    out.push(current);
  };
  for (const p of paras) {
    const text = p.content.trim();
    if (!text) continue;
    const q = QUESTION.exec(text);
    const part = PART.exec(text);
    if (q) {
      lastNo = Number(q[1]);
      parent = q[1]!;
      start(parent, p, text.slice(q[0].length));
    } else if (p.list && p.list.level === 0 && !options(text, 0)) {
      lastNo += 1;
      parent = String(lastNo);
      start(parent, p, text);
    } else if (part && (parent === null || current === null)) {
      start(part[1]!, p, text.slice(part[0].length));
    } else if (SECTION.test(text)) {
      current = null;
    } else if (current) {
      const c: ImportedQuestion = current;
      const opts = options(text, c.optionTexts.length);
      if (opts) c.optionTexts.push(...opts);
      else c.content += `\n${text}`;
      c.source += `\n${p.source.trim()}`;
      c.images.push(...p.images);
      c.checks.push(...p.checks);
    }
  }
  return out.map((x) => ({ ...x, content: x.content.trim() }));
}
