import { readFile, readdir } from 'node:fs/promises';
import { CardTemplateSchema } from '@yj/contracts';
import { recognizePage } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
const dir = '/work/shared/samples/omrchecker/sample6/doc-scans';
const card = CardTemplateSchema.parse(JSON.parse(await readFile('packages/omr/test-fixtures/omrchecker-sample6/template.json', 'utf8')));
const imgs = await Promise.all((await readdir(dir)).filter((f) => f.endsWith('.jpg')).map(async (f) => decodeGrey(await readFile(`${dir}/${f}`))));
const st = { identify: 0, register: 0, read: 0 };
const N = Number(process.argv[2] ?? 100);
const t0 = performance.now();
for (let i = 0; i < N; i++) for (const img of imgs) {
  const r = await recognizePage(img, card, { clock: () => performance.now() });
  const t = (r as any).timings ?? (r as any).stages;
  if (t && i >= 10) for (const k of Object.keys(st)) (st as any)[k] += t[k];
}
const n = (N - 10) * imgs.length;
console.log('per page ms', ((performance.now() - t0) / (N * imgs.length)).toFixed(2), Object.fromEntries(Object.entries(st).map(([k, v]) => [k, (v / n).toFixed(2)])));
