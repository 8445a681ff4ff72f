const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** The value of a run of Chinese numerals: 五 5, 十五 15, 二十 20, 九十九 99, 一百零五 105, 一〇五 105. */
function runValue(run: string): number {
  if (!/[十百]/.test(run)) return Number([...run].map((c) => DIGITS[c]).join(''));
  let total = 0;
  let current = 0;
  for (const c of run) {
    if (c === '十' || c === '百') {
      total += (current || 1) * (c === '十' ? 10 : 100);
      current = 0;
    } else current = DIGITS[c]!;
  }
  return total + current;
}

/**
 * Writes the numbers of a line the way it is spoken in Arabic digits, so a parser reads 每题五分 as
 * 每题5分: Chinese numerals (一 … 九十九, 两, 一百), full-width digits, and halves (两分半 2.5分, 半分 0.5分,
 * 一点五 1.5).
 */
export function arabicNumerals(text: string): string {
  return text
    .replace(/[０-９]/g, (c) => String(c.charCodeAt(0) - 0xff10))
    .replace(/[零〇一二两三四五六七八九十百]+/g, (run) => String(runValue(run)))
    .replace(/(\d+)\s*分半/g, '$1.5分')
    .replace(/(\d+)\s*点\s*5/g, '$1.5')
    .replace(/(^|[^\d.])半\s*分/g, '$10.5分');
}
