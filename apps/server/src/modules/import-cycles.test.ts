import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 30: imports run one way, from the routes down through the services and repositories to the pure
// packages. A circle of imports (marking ↔ trial, scan ↔ template were two) means neither side can be read,
// tested or moved without the other; this walk of relative imports (as madge does it) refuses any, between files
// and between modules. The modules' last knot {exam, question, scan, score, subject, template} was untied by moving
// what all of them use below them: the lifecycle guard (lib/subject-state.ts), scoring a paper
// (modules/score-compute) and splitting an upload into pages (modules/upload).
const modules = import.meta.dirname;

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The file a relative specifier names, as TypeScript resolves it (`x` → x.ts, x.tsx, x/index.ts; x.js → x.ts). */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  const tries = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return tries.find((p) => fs.existsSync(p) && fs.statSync(p).isFile()) ?? null;
}

/** Each file's relative imports that land on a file of the walk: value and type imports, re-exports, import(). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(file, m[1]!);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The knots of a graph (Tarjan's strongly connected components): nodes that reach each other, two or more. */
function knotsOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const knot: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      knot.push(w);
    } while (w !== v);
    if (knot.length > 1 || graph.get(v)!.includes(v)) knots.push(knot);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return knots;
}

/** The import circles of the files under `root`: one circle per knot of files, as `a → b → a`. */
function importCycles(root: string): string[] {
  const graph = importGraph(sourcesUnder(root));
  const knots = knotsOf(graph);
  // one circle through each knot, from its first file back to it (breadth first, inside the knot)
  return knots.map((knot) => {
    const inKnot = new Set(knot);
    const start = [...knot].sort()[0]!;
    const prev = new Map<string, string>();
    const queue = [start];
    let last = start;
    search: while (queue.length) {
      const v = queue.shift()!;
      for (const w of graph.get(v)!) {
        if (w === start) {
          last = v;
          break search;
        }
        if (inKnot.has(w) && !prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    const circle = [start];
    for (let v = last; v !== start; v = prev.get(v)!) circle.splice(1, 0, v);
    return [...circle, start].map((f) => path.relative(root, f).split(path.sep).join('/')).join(' → ');
  });
}

/** The modules (first folders under `root`) that import each other round a circle, each knot sorted. */
function moduleCircles(root: string): string[][] {
  const moduleOf = (file: string) => path.relative(root, file).split(path.sep)[0]!;
  const graph = new Map<string, string[]>();
  for (const [file, targets] of importGraph(sourcesUnder(root))) {
    const from = moduleOf(file);
    const to = new Set([...(graph.get(from) ?? []), ...targets.map(moduleOf).filter((m) => m !== from)]);
    graph.set(from, [...to]);
  }
  for (const to of [...graph.values()].flat()) if (!graph.has(to)) graph.set(to, []);
  return knotsOf(graph).map((k) => k.sort());
}

describe('import circles', () => {
  it('no file of the modules imports, through any chain, a file that imports it back', () => {
    expect(importCycles(modules)).toEqual([]);
  });

  it('no module imports, through any chain, a module that imports it back', () => {
    expect(moduleCircles(modules)).toEqual([]);
  });

  it('the walk finds a circle across modules, through type imports, re-exports and index files', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-cycles-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      write('marking/pool/marking.service.ts', "import type { StandardService } from '../../trial';\n");
      write('trial/index.ts', "export * from './standard.service';\n");
      write(
        'trial/standard.service.ts',
        "import {\n  assertMarks,\n} from '../marking/pool/marking.service.js';\nexport type StandardService = 1;\n",
      );
      write('trial/standard.test.ts', "import '../marking/pool/marking.service';\n");
      write('scan/a.ts', "import { b } from './b';\nimport { c } from '../../outside';\n");
      write('scan/b.ts', "export const b = await import('./c');\n");
      write('scan/c.ts', 'export const c = 1;\n');
      expect(importCycles(root)).toEqual([
        'marking/pool/marking.service.ts → trial/index.ts → trial/standard.service.ts → marking/pool/marking.service.ts',
      ]);
      expect(moduleCircles(root)).toEqual([['marking', 'trial']]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
