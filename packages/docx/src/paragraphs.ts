import { ommlToLatex } from './omml';
import { child, descendants, elements, plainText, type XmlNode } from './xml';

/** One Word paragraph as content: math as $…$, images as ![图片](docx:media/…), and as the source reads. */
export interface Para {
  content: string;
  /** what Word shows, for checking side by side: equations as their plain text, images as [图片] */
  source: string;
  /** Word list numbering on the paragraph (w:numPr), the number itself not being in the text */
  list: { numId: string; level: number } | null;
  /** media part names the paragraph shows, e.g. "word/media/image1.png" */
  images: string[];
  /** notes for the school's check, e.g. an equation kept as text */
  checks: string[];
}

export const IMAGE_PREFIX = 'docx:';
const imageMark = (part: string) => `![图片](${IMAGE_PREFIX}${part})`;

/** Reads document.xml.rels: relationship id → part name under word/. */
export function relations(rels: XmlNode | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rels ? descendants(rels, 'Relationship') : []) {
    const id = r.attrs.Id;
    const target = r.attrs.Target;
    if (!id || !target || r.attrs.TargetMode === 'External') continue;
    out.set(id, target.startsWith('/') ? target.slice(1) : `word/${target.replace(/^\.\//, '')}`);
  }
  return out;
}

/** The image parts an element shows (DrawingML a:blip or VML v:imagedata, as MathType objects carry). */
function imagesOf(n: XmlNode, rels: Map<string, string>): string[] {
  const ids = [
    ...descendants(n, 'a:blip').map((b) => b.attrs['r:embed']),
    ...descendants(n, 'v:imagedata').map((b) => b.attrs['r:id']),
  ];
  return ids.flatMap((id) => {
    const part = id ? rels.get(id) : undefined;
    return part ? [part] : [];
  });
}

class ParaBuilder {
  content = '';
  source = '';
  images: string[] = [];
  checks: string[] = [];
  constructor(private readonly rels: Map<string, string>) {}

  text(t: string) {
    this.content += t;
    this.source += t;
  }

  image(n: XmlNode): boolean {
    const parts = imagesOf(n, this.rels);
    for (const p of parts) {
      this.images.push(p);
      this.content += imageMark(p);
      this.source += '[图片]';
    }
    return parts.length > 0;
  }

  /** A Word equation: LaTeX when simple, else the fallback image the file holds, else its text to check. */
  math(m: XmlNode, display: boolean, fallback?: XmlNode) {
    const plain = plainText(m);
    const latex = ommlToLatex(m);
    if (latex !== null) {
      this.source += plain;
      this.content += display ? `$$${latex}$$` : `$${latex}$`;
    } else if (!(fallback && this.image(fallback))) {
      this.source += plain;
      this.content += `【公式待核对：${plain}】`;
      this.checks.push(`公式“${plain}”未能转换，已按文字保留，请核对`);
    }
  }

  walk(n: XmlNode) {
    for (const c of elements(n)) {
      switch (c.name) {
        case 'w:t':
          this.text(c.children.filter((t): t is string => typeof t === 'string').join(''));
          break;
        case 'w:tab':
          this.text(' ');
          break;
        case 'w:br':
        case 'w:cr':
          this.text('\n');
          break;
        case 'w:drawing':
        case 'w:pict':
        case 'w:object':
          this.image(c);
          break;
        case 'm:oMathPara':
          for (const m of elements(c).filter((e) => e.name === 'm:oMath')) this.math(m, true);
          break;
        case 'm:oMath':
          this.math(c, false);
          break;
        case 'mc:AlternateContent': {
          // Word writes an equation (or a shape) with a picture of it as the fallback for older readers
          const choice = child(c, 'mc:Choice');
          const fallback = child(c, 'mc:Fallback');
          const maths = choice ? descendants(choice, 'm:oMath') : [];
          if (maths.length) for (const m of maths) this.math(m, false, fallback);
          else if (choice && !this.image(choice) && fallback) this.image(fallback);
          else if (!choice && fallback) this.image(fallback);
          break;
        }
        case 'w:pPr':
        case 'w:rPr':
        case 'w:instrText':
        case 'w:delText':
          break;
        default:
          this.walk(c);
      }
    }
  }
}

/** The body's paragraphs in order; a table's cells are read as paragraphs (options are often laid out so). */
export function paragraphs(doc: XmlNode, rels: Map<string, string>): Para[] {
  const body = descendants(doc, 'w:body')[0];
  if (!body) return [];
  return descendants(body, 'w:p').map((p) => {
    const b = new ParaBuilder(rels);
    b.walk(p);
    const numPr = child(p, 'w:pPr') && child(child(p, 'w:pPr')!, 'w:numPr');
    const numId = numPr && child(numPr, 'w:numId')?.attrs['w:val'];
    const level = Number((numPr && child(numPr, 'w:ilvl')?.attrs['w:val']) ?? 0);
    return {
      content: b.content,
      source: b.source,
      list: numId && numId !== '0' ? { numId, level } : null,
      images: b.images,
      checks: b.checks,
    };
  });
}
