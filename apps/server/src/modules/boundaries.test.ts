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

/**
 * Files that build a repository themselves beside the module files: ports handing a module's reads to another
 * (`score-reads`, `block-framed`), and the marking screen's counts, which marking.service calls on its hot path
 * (kept as they are while that path is tuned).
 */
const BUILDS_OWN_REPO = new Set([
  'score/score-reads.ts',
  'block/block-framed.ts',
  'marking/pool/marking-counts.ts',
]);

/**
 * Every repository a file of a module builds itself: a value import of a `…Repo` from a `*.repo.ts` anywhere but
 * in a `<area>.module.ts` or another repository (a type import is how a service names the repository its module
 * file passes in).
 */
function reposBuiltOutsideModules(root: string, files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    if (/\.(module|repo)\.ts$/.test(file) || BUILDS_OWN_REPO.has(rel.split(path.sep).join('/'))) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+\.repo)['"]/g)) {
      if (m[1]) continue;
      for (const name of m[2]!.split(',').map((n) => n.trim())) {
        const imported = name.split(/\s+as\s+/)[0]!;
        if (!imported.startsWith('type ') && /Repo$/.test(imported)) out.push(`${rel} → ${imported}`);
      }
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('no module imports another module’s repository', () => {
    expect(foreignRepoImports(modules, sources(modules))).toEqual([]);
  });

  it('no service builds its own repository: its module file passes it in', () => {
    expect(reposBuiltOutsideModules(modules, sources(modules))).toEqual([]);
  });

  it('the walk finds a repository built outside the module file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-boundaries-'));
    try {
      fs.mkdirSync(path.join(root, 'trial'));
      const files = {
        builds: path.join(root, 'trial', 'built.service.ts'),
        given: path.join(root, 'trial', 'given.service.ts'),
        module: path.join(root, 'trial', 'trial.module.ts'),
        repo: path.join(root, 'trial', 'trial.repo.ts'),
      };
      fs.writeFileSync(
        files.builds,
        "import { rowsOf } from '../db';\nimport {\n  helper,\n  trialRepo as repo,\n} from './trial.repo';\n",
      );
      fs.writeFileSync(
        files.given,
        "import type { trialRepo } from './trial.repo';\nimport { helper, type otherRepo } from './other.repo';\n",
      );
      fs.writeFileSync(files.module, "import { trialRepo } from './trial.repo';\n");
      fs.writeFileSync(files.repo, "import { otherRepo } from './other.repo';\n");
      expect(reposBuiltOutsideModules(root, Object.values(files))).toEqual([
        'trial/built.service.ts → trialRepo',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
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
