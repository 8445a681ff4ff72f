import { ONLINE_IMAGE_MARK } from './online-import';

export type MathSegment = { kind: 'text'; value: string } | { kind: 'math'; value: string; display: boolean };
/** An imported image of an online exam's content, named by its subject and id (issue 34, 从 Word 导入). */
export type ImageSegment = { kind: 'image'; alt: string; subjectId: number; imageId: string };
export type ContentSegment = MathSegment | ImageSegment;

/** Delimiters of spec §1, longest first so `$$` wins over `$`. */
const DELIMITERS = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
  { open: '$', close: '$', display: false },
] as const;

/** Index of `close` from `from`, skipping escaped dollars (`\$`). */
function findClose(s: string, close: string, from: number): number {
  let i = s.indexOf(close, from);
  while (i > 0 && close.startsWith('$') && s[i - 1] === '\\') i = s.indexOf(close, i + 1);
  return i;
}

/**
 * Splits text into plain and math parts. `\$` is a literal dollar; an opening delimiter without its
 * closing one stays plain text, so a price like "5$" is never swallowed.
 */
export function splitMath(input: string): MathSegment[] {
  const out: MathSegment[] = [];
  let text = '';
  let i = 0;
  const flush = (): void => {
    if (text) out.push({ kind: 'text', value: text });
    text = '';
  };
  outer: while (i < input.length) {
    if (input.startsWith('\\$', i)) {
      text += '$';
      i += 2;
      continue;
    }
    for (const d of DELIMITERS) {
      if (!input.startsWith(d.open, i)) continue;
      const end = findClose(input, d.close, i + d.open.length);
      const body = end < 0 ? '' : input.slice(i + d.open.length, end);
      if (end < 0 || !body.trim()) break;
      flush();
      out.push({ kind: 'math', value: body.trim(), display: d.display });
      i = end + d.close.length;
      continue outer;
    }
    text += input[i];
    i++;
  }
  flush();
  return out;
}

/**
 * Splits a question's text into plain, math and image parts: each ![alt](online-image:<subjectId>/<imageId>) is an
 * image (its alt 图片 when empty), the text around it is split by splitMath. A mark of any other form stays text.
 */
export function splitContent(input: string): ContentSegment[] {
  const out: ContentSegment[] = [];
  let last = 0;
  for (const m of input.matchAll(ONLINE_IMAGE_MARK)) {
    out.push(...splitMath(input.slice(last, m.index)));
    out.push({ kind: 'image', alt: m[1]!.trim() || '图片', subjectId: Number(m[2]), imageId: m[3]! });
    last = m.index + m[0].length;
  }
  out.push(...splitMath(input.slice(last)));
  return out;
}
