import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A clone of the repository explains itself: every "§N" a comment or README cites is a section of a file in
// docs/ — "DESIGN.md §N" of docs/DESIGN.md, "spec §N" (规格 §N) of docs/SPEC.md. The document a § belongs to is
// the nearest name before it on the same line ("spec §4/§9": both of the spec).
const root = path.resolve(import.meta.dirname, '..');
const DOCS = { design: 'docs/DESIGN.md', spec: 'docs/SPEC.md' } as const;
const NAMES: [RegExp, keyof typeof DOCS][] = [
  [/DESIGN\.md/g, 'design'],
  [/SPEC\.md|\b[Ss]pec\b|规格/g, 'spec'],
];
const SKIP = new Set(['node_modules', 'dist', '.git', '.out', 'screenshots', 'bench-out', 'data']);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx|mjs|md)$/.test(e.name) ? [p] : [];
  });
}

/** The section numbers ("## N.") of a document. */
function sections(doc: string): Set<number> {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])));
}

/** Every § of a line with the document it cites, or null when no document is named before it. */
function citations(line: string): { section: number; doc: keyof typeof DOCS | null }[] {
  const names = NAMES.flatMap(([re, doc]) => [...line.matchAll(re)].map((m) => ({ at: m.index, doc })));
  return [...line.matchAll(/§\s*(\d+)/g)].map((m) => {
    const before = names.filter((n) => n.at < m.index).sort((a, b) => b.at - a.at)[0];
    return { section: Number(m[1]), doc: before?.doc ?? null };
  });
}

describe('§ references', () => {
  it('name a section of a document in docs/', () => {
    const known = { design: sections(DOCS.design), spec: sections(DOCS.spec) };
    expect(known.design.size).toBeGreaterThan(5);
    expect(known.spec.size).toBeGreaterThan(5);
    const bad: string[] = [];
    let count = 0;
    for (const dir of ['apps', 'packages', 'tools', 'e2e', 'scripts', 'docs', 'README.md']) {
      const p = path.join(root, dir);
      if (!fs.existsSync(p)) continue;
      for (const file of fs.statSync(p).isDirectory() ? files(p) : [p]) {
        if (file === import.meta.filename) continue;
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const c of citations(line)) {
              count++;
              if (!c.doc || !known[c.doc].has(c.section))
                bad.push(`${path.relative(root, file)}:${i + 1} §${c.section}: ${line.trim().slice(0, 80)}`);
            }
          });
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });
});
