/** An element of a Word part: Word's XML is machine-written and well-formed, so a small reader is enough. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: (XmlNode | string)[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e] ?? m;
  });

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses XML text into a tree; returns null when the text is not XML (a broken or foreign part). */
export function parseXml(text: string): XmlNode | null {
  const root: XmlNode = { name: '#root', attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  for (const m of text.matchAll(TOKEN)) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.children.push(m[1]);
    else if (m[6] !== undefined) {
      if (stack.length > 1) top.children.push(decode(m[6]));
    } else if (m[3] !== undefined) {
      if (m[2] === '/') {
        if (top.name !== m[3] || stack.length === 1) return null;
        stack.pop();
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of (m[4] ?? '').matchAll(ATTR)) attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
      const node: XmlNode = { name: m[3], attrs, children: [] };
      top.children.push(node);
      if (m[5] !== '/') stack.push(node);
    }
  }
  return stack.length === 1 ? (root.children.find((c): c is XmlNode => typeof c !== 'string') ?? null) : null;
}

export const elements = (n: XmlNode): XmlNode[] =>
  n.children.filter((c): c is XmlNode => typeof c !== 'string');
export const child = (n: XmlNode, name: string): XmlNode | undefined =>
  elements(n).find((c) => c.name === name);

/** Every descendant element of the name, in document order. */
export function descendants(n: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (x: XmlNode) => {
    for (const c of elements(x)) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(n);
  return out;
}

/** The text of every m:t / w:t under the node, as Word shows it. */
export function plainText(n: XmlNode): string {
  let s = '';
  for (const c of n.children) {
    if (typeof c === 'string') continue;
    if (c.name === 'm:t' || c.name === 'w:t')
      s += c.children.filter((t): t is string => typeof t === 'string').join('');
    else s += plainText(c);
  }
  return s;
}
