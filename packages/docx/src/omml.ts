import { child, elements, plainText, type XmlNode } from './xml';

/** Characters Word writes as Unicode that KaTeX wants as commands. */
const SYMBOLS: Record<string, string> = {
  '×': '\\times ',
  '÷': '\\div ',
  '±': '\\pm ',
  '≤': '\\le ',
  '≥': '\\ge ',
  '≠': '\\ne ',
  '≈': '\\approx ',
  '∞': '\\infty ',
  '°': '^\\circ ',
  '∠': '\\angle ',
  '△': '\\triangle ',
  '⊥': '\\perp ',
  '∥': '\\parallel ',
  '∈': '\\in ',
  '∪': '\\cup ',
  '∩': '\\cap ',
  '⊆': '\\subseteq ',
  '→': '\\to ',
  '·': '\\cdot ',
  '⋅': '\\cdot ',
  π: '\\pi ',
  α: '\\alpha ',
  β: '\\beta ',
  γ: '\\gamma ',
  θ: '\\theta ',
  λ: '\\lambda ',
  μ: '\\mu ',
  ω: '\\omega ',
  Δ: '\\Delta ',
  '−': '-',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  '\\': '\\backslash ',
};
const runText = (t: string): string => Array.from(t, (ch) => SYMBOLS[ch] ?? ch).join('');

/** An OMML construct outside the simple cases: the caller keeps the equation as an image or its text. */
class Unsupported extends Error {}

const group = (n: XmlNode | undefined): string => `{${n ? inner(n) : ''}}`;

function inner(n: XmlNode): string {
  return elements(n)
    .map((c) => convert(c))
    .join('');
}

function convert(n: XmlNode): string {
  switch (n.name) {
    case 'm:r':
      return runText(plainText(n));
    case 'm:f':
      return `\\frac${group(child(n, 'm:num'))}${group(child(n, 'm:den'))}`;
    case 'm:sSup':
      return `${group(child(n, 'm:e'))}^${group(child(n, 'm:sup'))}`;
    case 'm:sSub':
      return `${group(child(n, 'm:e'))}_${group(child(n, 'm:sub'))}`;
    case 'm:sSubSup':
      return `${group(child(n, 'm:e'))}_${group(child(n, 'm:sub'))}^${group(child(n, 'm:sup'))}`;
    case 'm:rad': {
      const deg = child(n, 'm:deg');
      const degree = deg ? inner(deg) : '';
      return `\\sqrt${degree ? `[${degree}]` : ''}${group(child(n, 'm:e'))}`;
    }
    case 'm:d': {
      const pr = child(n, 'm:dPr');
      const chr = (name: string, dflt: string) => {
        const v = pr && child(pr, name)?.attrs['m:val'];
        return v === undefined ? dflt : v;
      };
      const side = (c: string) => (c === '' ? '.' : c === '{' || c === '}' ? `\\${c}` : c === '|' ? '|' : c);
      const parts = elements(n)
        .filter((c) => c.name === 'm:e')
        .map(inner);
      return `\\left${side(chr('m:begChr', '('))}${parts.join(chr('m:sepChr', ','))}\\right${side(chr('m:endChr', ')'))}`;
    }
    case 'm:e':
    case 'm:oMath':
    case 'm:box':
      return inner(n);
    default:
      // properties (m:fPr, m:rPr, m:ctrlPr, w:rPr …) carry looks, not content
      if (n.name.endsWith('Pr')) return '';
      throw new Unsupported(n.name);
  }
}

/** LaTeX of a Word equation (m:oMath) in the simple cases, or null when it holds anything else. */
export function ommlToLatex(math: XmlNode): string | null {
  try {
    return inner(math).trim();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}
