// BENCH_CUTS=ahead for npm run bench:marking: every paper's block cuts stored before the run, as cutting ahead of
// marking would leave them, so the run measures the task pool and a stored image rather than cutting. All pages
// share one stored image and one matrix, so a block's cut is the same picture for every paper: it is cut once over
// HTTP (the real route), then linked under each paper's key (the name block-cut.ts gave the first one).
import fs from 'node:fs';
import path from 'node:path';
import type { MarkTask } from '@yj/contracts';
import type { LoadMarker } from './marking-load';

const HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

async function post<T>(base: string, url: string, cookie: string, payload: object): Promise<T> {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...HEADERS, cookie },
    body: JSON.stringify(payload),
  });
  const b = (await r.json()) as { code: number; message: string; data: T };
  if (b.code !== 0) throw new Error(`${url}: ${b.message}`);
  return b.data;
}

const filesOf = (dir: string): Set<string> => new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** Returns the number of cut files stored ahead. */
export async function cutAhead(o: {
  base: string;
  filesDir: string;
  markers: LoadMarker[];
  blockIds: number[];
  taskPaper: Map<number, number>;
}): Promise<number> {
  const papers = [...new Set(o.taskPaper.values())];
  let stored = 0;
  for (const blockId of o.blockIds) {
    const m = o.markers.find((x) => x.blockId === blockId)!;
    const [task] = await post<MarkTask[]>(o.base, `/filter/api/marking/block/${blockId}/claim`, m.cookie, {
      type: 'normal',
      count: 1,
    });
    if (!task) throw new Error(`block ${blockId}: nothing to claim`);
    const dir = path.join(o.filesDir, 'blocks', String(o.taskPaper.get(task.taskId)));
    const r = await fetch(`${o.base}${task.imageUrl}`, { headers: { ...HEADERS, cookie: m.cookie } });
    if (r.status !== 200) throw new Error(`cut image: HTTP ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    // the stored file with the bytes served (the server may have cut the paper's other blocks ahead already)
    const name = [...filesOf(dir)].find((f) => fs.readFileSync(path.join(dir, f)).equals(body));
    if (!name) throw new Error(`block ${blockId}: the cut was not stored under ${dir}`);
    // back to the pool: the run starts from untouched tasks
    await post(o.base, `/filter/api/marking/task/${task.taskId}/skip`, m.cookie, {
      leaseToken: task.leaseToken,
    });
    for (const p of papers) {
      const to = path.join(o.filesDir, 'blocks', String(p));
      fs.mkdirSync(to, { recursive: true });
      if (!fs.existsSync(path.join(to, name))) {
        fs.linkSync(path.join(dir, name), path.join(to, name));
        stored++;
      }
    }
  }
  return stored;
}
