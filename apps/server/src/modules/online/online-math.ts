import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';
import { charWidth } from './online-typed-font';

/**
 * A formula of a typed answer drawn by MathJax (issue 34): its SVG, self-contained (glyphs as paths, no font
 * cache) so librsvg draws it inside the page, and its size in pixels at the page's font size — `ascent` above
 * the text's baseline, `descent` below it.
 */
export interface MathBox {
  svg: string;
  w: number;
  ascent: number;
  descent: number;
}

/**
 * Packages a student's formula may use: all but those that hide an error (noerrors, noundefined draw bad TeX as
 * if it were fine, and then the marker could not tell), `html` (attributes into the SVG) and the loaders.
 */
const PACKAGES = AllPackages.filter(
  (p) => !['noerrors', 'noundefined', 'html', 'require', 'autoload'].includes(p),
);

type Convert = (tex: string, display: boolean) => string;
let converter: Convert | undefined;

/** MathJax set up once per process (about 40 ms), on the first formula drawn. */
function convert(): Convert {
  if (converter) return converter;
  const adaptor = liteAdaptor();
  // characters MathJax has no glyph for (Chinese in \text{}) are measured as the page's font draws them (the lite
  // adaptor measures none), at their font-size in thousandths of the formula's em (884px in \text{})
  adaptor.nodeSize = (node) => [
    ([...adaptor.textContent(node)].reduce((w, c) => w + charWidth(c), 0) *
      (parseFloat(adaptor.getAttribute(node, 'font-size')) || 1000)) /
      1000,
    0,
  ];
  RegisterHTMLHandler(adaptor);
  const doc = mathjax.document('', {
    // Bad TeX throws, so the page can draw its source instead of MathJax's error box.
    InputJax: new TeX({
      packages: PACKAGES,
      formatError: (_jax: unknown, err: Error) => {
        throw err;
      },
    }),
    OutputJax: new SVG({ fontCache: 'none' }),
  });
  converter = (tex, display) => adaptor.innerHTML(doc.convert(tex, { display, em: EM, ex: EX }));
  return converter;
}

/** The page's em, and its ex as MathJax should match it (the sans text's x-height, about half an em). */
const EM = 24;
const EX = EM / 2;

const CACHE = new Map<string, MathBox | null>();
const CACHE_MAX = 500;

/** The root tag's size in ex (width="4.692ex", style="vertical-align: -0.566ex;"). */
const exAttr = (root: string, name: string): number => {
  const m = new RegExp(`\\b${name}[=:]\\s*"?(-?[\\d.]+)ex`).exec(root);
  return m ? Number(m[1]) : 0;
};

/**
 * The formula drawn at `font` pixels to the em, or null when it is not TeX MathJax can read (the page then shows
 * its source). Converted once per text and display kind: the page's height and its drawing ask for the same box.
 */
export function mathBox(tex: string, display: boolean, font: number): MathBox | null {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let box = CACHE.get(key);
  if (box === undefined) {
    box = drawn(tex, display);
    if (CACHE.size >= CACHE_MAX) CACHE.delete(CACHE.keys().next().value!);
    CACHE.set(key, box);
  }
  if (!box) return null;
  const k = font / EM;
  return { svg: box.svg, w: box.w * k, ascent: box.ascent * k, descent: box.descent * k };
}

function drawn(tex: string, display: boolean): MathBox | null {
  let svg: string;
  try {
    svg = convert()(tex, display);
  } catch {
    return null;
  }
  const root = svg.slice(0, svg.indexOf('>'));
  const h = exAttr(root, 'height') * EX;
  const descent = -exAttr(root, 'vertical-align') * EX;
  return { svg, w: exAttr(root, 'width') * EX, ascent: h - descent, descent };
}

/**
 * The formula as an element of the page: its top left corner at (x, top), `k` times its size (a formula wider
 * than the page is drawn smaller). Its own viewBox scales the glyphs; the page's colour fills them.
 */
export function placedMath(box: MathBox, x: number, top: number, k = 1): string {
  const size = `x="${r(x)}" y="${r(top)}" width="${r(box.w * k)}" height="${r((box.ascent + box.descent) * k)}"`;
  return box.svg.replace(
    /^<svg[^>]*?(viewBox="[^"]*")[^>]*>/,
    `<svg ${size} $1 overflow="visible" color="#000">`,
  );
}

const r = (n: number): number => Math.round(n * 100) / 100;
