import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Debt 5 of issue 12: a module reaches another module through that module's service or a small port passed in
// at the composition root (routes.ts), never through its repository (SQL only). Tests may set data up as they like.
const modules = import.meta.dirname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every relative import of a source file under `root` that lands on another module's `*.repo.ts`. */
function foreignRepoImports(root: string, files: string[]): string[] {
  const moduleOf = (file: string): string => path.relative(root, file).split(path.sep)[0]!;
  const out: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (!/\.repo(\.ts)?$/.test(target)) continue;
      if (!target.startsWith(root + path.sep)) continue;
      if (moduleOf(target) !== moduleOf(file)) out.push(`${path.relative(root, file)} → ${m[1]}`);
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('no module imports another module’s repository', () => {
    expect(foreignRepoImports(modules, sources(modules))).toEqual([]);
  });

  it('the walk finds such an import when there is one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-boundaries-'));
    try {
      fs.mkdirSync(path.join(root, 'school', 'sub'), { recursive: true });
      const files = {
        foreign: path.join(root, 'school', 'probe.service.ts'),
        own: path.join(root, 'school', 'sub', 'own.service.ts'),
      };
      fs.writeFileSync(files.foreign, "import type { UserRow } from '../auth/user.repo';\n");
      fs.writeFileSync(files.own, "import { teacherRepo } from '../teacher.repo';\n");
      expect(foreignRepoImports(root, Object.values(files))).toEqual([
        'school/probe.service.ts → ../auth/user.repo',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
