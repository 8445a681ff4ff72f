/** The create form's subjective scores as typed, "10 5" → [{ score: 10 }, { score: 5 }]; null when a part is not a score. */
export function subjectiveScores(text: string): Array<{ score: number }> | null {
  const parts = text.trim() ? text.trim().split(/[\s,，、]+/) : [];
  const scores = parts.map(Number);
  return scores.every((n) => n > 0 && Number.isInteger(n * 2)) ? scores.map((score) => ({ score })) : null;
}
