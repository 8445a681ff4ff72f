import fs from 'node:fs';
import path from 'node:path';
import { FAILURES } from '@yj/contracts';
import { describe, expect, it } from 'vitest';

// Issue 30: every business failure is raised by kind (packages/contracts failures.ts), never by a message written
// at the call site: `fail('kindName')`, not `fail('某某不存在')` nor `fail(\`…${x}…\`)`, nor an AppError of code 1
// with its own text. The kinds give the web an errCode to branch on and keep the messages in one table.
const serverSrc = path.join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The places in `text` that raise a failure by a literal message instead of a kind. */
function literalFailures(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\w.])fail\(\s*(?:(['"])((?:\\.|(?!\1).)*)\1|(`))/g)) {
    if (m[3] || !Object.hasOwn(FAILURES, m[2]!)) out.push(m[0]);
  }
  for (const m of text.matchAll(/new AppError\(\s*(?:1|Code\.fail)\s*,\s*['"`]/g)) out.push(m[0]);
  return out;
}

describe('failures by kind', () => {
  it('no server source raises a failure by a literal message', () => {
    const found = sources(serverSrc).flatMap((file) =>
      literalFailures(fs.readFileSync(file, 'utf8')).map((m) => `${path.relative(serverSrc, file)}: ${m}`),
    );
    expect(found).toEqual([]);
  });

  it('the check finds a literal message, a template and an AppError of code 1, and lets kinds through', () => {
    const text = [
      "throw fail('考试不存在或已删除');",
      'throw fail("班级不存在");',
      'throw fail(`考号 ${k} 已存在`);',
      "throw fail('noSuchKind');",
      "throw new AppError(1, '无权限');",
      "throw fail('examNotFound');",
      "throw fail('kaohaoTaken', { kaohao: k });",
      'throw fail(missing);',
      "x.fail('不是这个 fail');",
    ].join('\n');
    expect(literalFailures(text)).toEqual([
      "fail('考试不存在或已删除'",
      'fail("班级不存在"',
      'fail(`',
      "fail('noSuchKind'",
      "new AppError(1, '",
    ]);
  });
});
