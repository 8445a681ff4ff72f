// Figures the conventions lines of the report screens quote (ReportSections): what a rule of @yj/stats gives
// for this report, so the sentence under a table names the actual numbers.

/** Question numbers for a sentence: runs of three or more consecutive whole numbers joined (1–13、15、16). */
export function questionRuns(nos: readonly string[]): string {
  const whole = (x: string | undefined) => (x !== undefined && /^\d+$/.test(x) ? Number(x) : NaN);
  const out: string[] = [];
  for (let k = 0; k < nos.length;) {
    let end = k;
    while (whole(nos[end + 1]) === whole(nos[end]) + 1) end++;
    out.push(end - k >= 2 ? `${nos[k]}–${nos[end]}` : nos.slice(k, end + 1).join('、'));
    k = end + 1;
  }
  return out.join('、');
}

/**
 * The size of each 27 % group of D for `sat` examinees: `extremeGroups` of @yj/stats (GROUP_SHARE 0.27,
 * rounded half up; none under 2 sat).
 */
export const groupSize = (sat: number) => (sat < 2 ? 0 : Math.floor(0.27 * sat + 0.5));
