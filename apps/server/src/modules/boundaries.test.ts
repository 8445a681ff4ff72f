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

/**
 * What `walk` finds in a temporary tree of these files (path under the root → text), the tree removed after:
 * how the tests below show that each walk catches what it looks for.
 */
function walkTempTree(files: Record<string, string>, walk: (root: string, files: string[]) => string[]) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-boundaries-'));
  try {
    const paths = Object.entries(files).map(([rel, text]) => {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return file;
    });
    return walk(root, paths);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
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

const server = path.resolve(modules, '..');

/**
 * Where SQL may stand outside a `*.repo.ts`, each for its reason:
 * - db/schema/: the table definitions, whose defaults and checks are SQL expressions (`sql\`'[]'::jsonb\``);
 * - db/migrations/: the migrations are SQL by definition;
 * - infra/: the database driver itself — connecting, migrating, the liveness `select 1`, creating the embedded
 *   cluster's database, the backup copy that writes any table by name: below every module, of no feature;
 * - `*.fixture.ts`: test data of a module's tests, which set data up as they like (as `*.test.ts`, not walked).
 */
const SQL_ALLOWED = [/^db\/schema\//, /^db\/migrations\//, /^infra\//, /\.fixture\.ts$/];

/** A value import of the tables (db/schema): what Drizzle's query builder (`db.select().from(exam)`) needs. */
const TABLES_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](?:\.{1,2}\/)+db\/schema(?:\/[\w-]+)?['"]/g;
const importsTables = (text: string) =>
  [...text.matchAll(TABLES_IMPORT)].some((m) =>
    m[1]!.split(',').some((n) => n.trim() && !n.trim().startsWith('type ')),
  );

/**
 * What SQL looks like in a source: Drizzle's `sql` tag, its query builder over the tables, a driver's `.query(`,
 * or a string that opens a statement.
 */
const SQL_PATTERNS: [string, RegExp | ((text: string) => boolean)][] = [
  ['sql tag', /\bsql(?:<[^>]*>)?`/],
  ['sql helper', /\bsql\.(?:raw|join|identifier|placeholder)\(/],
  ['query builder', importsTables],
  ['.query(', /\.query\(/],
  [
    'SQL string',
    /['"`]\s*(?:select\s[\s\S]*?\sfrom\s|insert\s+into\s|update\s+"?\w+"?\s+set\s|delete\s+from\s|with\s+\w+\s+as\s*\()/i,
  ],
];

/** Each server source outside the repositories that holds SQL, with what gave it away. */
function sqlOutsideRepos(root: string, files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (file.endsWith('.repo.ts') || SQL_ALLOWED.some((r) => r.test(rel))) continue;
    const text = fs.readFileSync(file, 'utf8');
    const hit = SQL_PATTERNS.find(([, r]) => (typeof r === 'function' ? r(text) : r.test(text)));
    if (hit) out.push(`${rel}: ${hit[0]}`);
  }
  return out;
}

describe('module boundaries', () => {
  it('SQL stands only in repositories (and the exceptions above, each with its reason)', () => {
    const found = sqlOutsideRepos(server, sources(server));
    expect(found).toEqual([]);
  });

  it('the walk finds SQL outside a repository', () => {
    const found = walkTempTree(
      {
        'modules/exam/a.service.ts': 'await db.execute(sql<{ n: number }>`select 1`);\n',
        'modules/exam/b.ts': "const q = 'SELECT id FROM exam WHERE id = $1';\n",
        'modules/exam/c.jobs.ts': 'await client.query(q);\n',
        'modules/exam/e-scope.ts': "import {\n  type ExamRow,\n  exam,\n} from '../../db/schema';\n",
        'modules/exam/f.service.ts':
          "import type { exam } from '../../db/schema';\nimport { type X } from '../../db/schema';\n",
        'modules/exam/d.service.ts':
          "// select the exam from the list\nconst s = 'selected from the list';\n",
        'modules/exam/exam.repo.ts': 'await db.execute(sql`select 1`);\n',
        'db/schema/exam.ts': "x.default(sql`'[]'::jsonb`);\n",
      },
      sqlOutsideRepos,
    );
    expect(found).toEqual([
      'modules/exam/a.service.ts: sql tag',
      'modules/exam/b.ts: SQL string',
      'modules/exam/c.jobs.ts: .query(',
      'modules/exam/e-scope.ts: query builder',
    ]);
  });

  it('no module imports another module’s repository', () => {
    expect(foreignRepoImports(modules, sources(modules))).toEqual([]);
  });

  it('no service builds its own repository: its module file passes it in', () => {
    expect(reposBuiltOutsideModules(modules, sources(modules))).toEqual([]);
  });

  it('the walk finds a repository built outside the module file', () => {
    const found = walkTempTree(
      {
        'trial/built.service.ts':
          "import { rowsOf } from '../db';\nimport {\n  helper,\n  trialRepo as repo,\n} from './trial.repo';\n",
        'trial/given.service.ts':
          "import type { trialRepo } from './trial.repo';\nimport { helper, type otherRepo } from './other.repo';\n",
        'trial/trial.module.ts': "import { trialRepo } from './trial.repo';\n",
        'trial/trial.repo.ts': "import { otherRepo } from './other.repo';\n",
      },
      reposBuiltOutsideModules,
    );
    expect(found).toEqual(['trial/built.service.ts → trialRepo']);
  });

  it('the walk finds such an import when there is one', () => {
    const found = walkTempTree(
      {
        'school/probe.service.ts': "import type { UserRow } from '../auth/user.repo';\n",
        'school/sub/own.service.ts': "import { teacherRepo } from '../teacher.repo';\n",
      },
      foreignRepoImports,
    );
    expect(found).toEqual(['school/probe.service.ts → ../auth/user.repo']);
  });
});
