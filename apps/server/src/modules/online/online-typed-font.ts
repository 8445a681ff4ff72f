/**
 * Advance widths in ems of the printable ASCII characters (space to ~) in the page's font, Noto Sans CJK SC, as
 * librsvg draws them: text after an inline formula starts where the text before it ends, so a guess would show.
 */
// prettier-ignore
const ASCII = [
  0.22, 0.32, 0.47, 0.56, 0.56, 0.92, 0.68, 0.28, 0.34, 0.34, 0.47, 0.56, 0.28, 0.35, 0.28, 0.39, 0.56, 0.56, 0.56,
  0.56, 0.56, 0.56, 0.56, 0.56, 0.56, 0.56, 0.28, 0.28, 0.56, 0.56, 0.56, 0.47, 0.95, 0.6, 0.66, 0.61, 0.69, 0.59,
  0.55, 0.69, 0.73, 0.29, 0.49, 0.65, 0.54, 0.81, 0.72, 0.74, 0.63, 0.74, 0.64, 0.58, 0.6, 0.72, 0.59, 0.88, 0.57,
  0.53, 0.59, 0.34, 0.39, 0.34, 0.56, 0.56, 0.61, 0.56, 0.62, 0.49, 0.62, 0.55, 0.33, 0.56, 0.61, 0.28, 0.28, 0.55,
  0.28, 0.93, 0.61, 0.61, 0.62, 0.62, 0.39, 0.47, 0.36, 0.61, 0.52, 0.8, 0.5, 0.52, 0.48, 0.34, 0.27, 0.34, 0.56,
];

/** Width of a character in ems: ASCII as measured, CJK and full-width forms one, others about half. */
export function charWidth(c: string): number {
  const code = c.codePointAt(0)!;
  if (code >= 0x20 && code < 0x7f) return ASCII[code - 0x20]!;
  return code >= 0x2e80 ? 1 : 0.56;
}
