import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { foreignWords } from './words';

// Every word on screen is Chinese. The journeys check the screens they photograph (e2e/lib.ts `shot`); this
// reads the source for the screens and states no journey opens: the text a user reads, written in the web, in
// the contracts (the failures' messages and the fields' validation messages the web shows) and on the printed
// answer card (packages/card). Not the server's other strings: SQL, commands and the console's start-up text
// for whoever installs it name programs and options by their names.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/web/src', 'packages/contracts/src', 'packages/card/src'];

/**
 * Props and object keys whose strings a user reads (antd's names: a column's title, a field's label, a
 * dialog's okText …). Keys, test ids, class names and routes are not among them.
 */
const SHOWN = new Set([
  'title',
  'placeholder',
  'label',
  'okText',
  'cancelText',
  'description',
  'message',
  'tooltip',
  'content',
  'extra',
  'addonBefore',
  'addonAfter',
  'alt',
  'aria-label',
  'emptyText',
  'empty',
  'text',
  'subTitle',
  'help',
  'checkedChildren',
  'unCheckedChildren',
  'children',
  'notFoundContent',
  'sureText',
]);

/** Calls whose string arguments are shown: antd's message and notification toasts. */
const SHOWN_CALLS = /^(message|notification|modal|Modal)\.(success|error|warning|info|open|confirm)$/;

const HAN = /\p{Script=Han}/u;

interface Found {
  file: string;
  line: number;
  text: string;
  words: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The literal text of a string, a template's fixed parts, or the branches of a conditional. */
function texts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...texts(node.left), ...texts(node.right)];
  if (ts.isBinaryExpression(node) && /^(\?\?|\|\||&&)$/.test(node.operatorToken.getText()))
    return texts(node.right);
  if (ts.isParenthesizedExpression(node)) return texts(node.expression);
  return [];
}

/** A date's format pattern (dayjs's `format('YYYY年M月D日 dddd')`): its letters are the pattern's, not words. */
function isFormatPattern(node: ts.Node): boolean {
  const call = node.parent;
  return ts.isCallExpression(call) && /\.format$/.test(call.expression.getText());
}

function propName(name: ts.Node): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

/** The shown strings of one file with their foreign words. */
function foreignInSource(file: string, source: string): Found[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const out: Found[] = [];
  const seen = new Set<string>();
  const add = (node: ts.Node, text: string) => {
    const words = foreignWords(text);
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (words.length && !seen.has(`${line} ${text}`)) {
      seen.add(`${line} ${text}`);
      out.push({ file, line, text, words });
    }
  };
  const visit = (node: ts.Node) => {
    // a <style> element's text is CSS
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText() === 'style') return;
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent))
      for (const t of texts(node.expression)) add(node, t);
    else if (ts.isJsxAttribute(node) && node.initializer && SHOWN.has(node.name.getText())) {
      const init = node.initializer;
      const expr = ts.isJsxExpression(init) ? init.expression : init;
      if (expr) for (const t of texts(expr)) add(node, t);
    } else if (ts.isPropertyAssignment(node) && SHOWN.has(propName(node.name) ?? ''))
      for (const t of texts(node.initializer)) add(node, t);
    else if (ts.isCallExpression(node) && SHOWN_CALLS.test(node.expression.getText()))
      for (const a of node.arguments) for (const t of texts(a)) add(node, t);
    // wherever it stands, a string with Chinese in it is written for a reader (a table of labels, a
    // constant): its Latin words are checked too
    else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    )
      for (const t of texts(node)) if (HAN.test(t) && !isFormatPattern(node)) add(node, t);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('the words of the web’s screens', () => {
  it('finds an English label, a column title and a toast, and passes Chinese, keys and data', () => {
    const found = foreignInSource(
      'x.tsx',
      `const c = [{ title: 'Score', dataIndex: 'score' }];
       const v = <Button title="保存" data-testid="save-button" className="wide-button">Save now</Button>;
       message.success(ok ? '已保存' : 'Saved');
       const w = <Input placeholder="请输入 PDF 文件名" aria-label="first name" />;
       const k = <span>{\`按 Ctrl + Enter 提交\`}</span>;
       const STATE = { done: '已完成', failed: '失败 (failed)', key: 'export-button' };
       const day = dayjs(d).format('M月D日 dddd');`,
    );
    expect(found.map((f) => [f.line, f.words])).toEqual([
      [1, ['Score']],
      [2, ['Save', 'now']],
      [3, ['Saved']],
      [4, ['first', 'name']],
      [6, ['failed']],
    ]);
  });

  it('no screen of the web shows a word that is not Chinese', () => {
    const found = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((f) =>
      foreignInSource(path.relative(ROOT, f), readFileSync(f, 'utf8')),
    );
    expect(found.map((f) => `${f.file}:${f.line} ${f.words.join(' ')} — ${f.text.trim()}`)).toEqual([]);
  });
});
