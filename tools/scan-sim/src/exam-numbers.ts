/**
 * The 考号 a simulated set fills, read from a list: one a line, or the first column of a CSV (an exam's
 * examinee list saved as CSV); a heading line (考号, kaohao …) is skipped, blank lines too.
 */
export function readExamNumbers(
  text: string,
): { ok: true; numbers: string[] } | { ok: false; error: string } {
  const numbers: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const first = line
      .split(/[,\t;，]/)[0]!
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!first) continue;
    if (!/^\d+$/.test(first)) {
      if (numbers.length === 0 && i === lines.findIndex((l) => l.trim())) continue; // the heading
      return { ok: false, error: `line ${i + 1}: "${first}" is not a 考号 (digits only)` };
    }
    numbers.push(first);
  }
  if (!numbers.length) return { ok: false, error: 'no 考号 found' };
  return { ok: true, numbers };
}
