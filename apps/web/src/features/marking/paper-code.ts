/**
 * 密号: the code of a marked paper as the marker sees it on the marking screen and finds it again in 我的阅卷记录
 * (issue 31). It is the marker's task number written in at least six digits — it names the paper in that block
 * for that marker and says nothing of the student (no 考号, no name).
 */
export function paperCode(taskId: number): string {
  return String(taskId).padStart(6, '0');
}

/** The task a typed 密号 names (leading zeros, spaces and a 密号 prefix allowed), or null when it names none. */
export function parsePaperCode(text: string): number | null {
  const digits = text.replace(/^\s*密号[:：]?\s*/, '').trim();
  if (!/^\d{1,12}$/.test(digits)) return null;
  const n = Number(digits);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
