import { CardTemplateSchema, StoredPageResultSchema } from '@yj/contracts';
import { recognizePage } from '@yj/omr';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import { decodeGrey, loadReader } from './io';

// What parsing stored jsonb on read costs (issue 12, typed stored results). Every read already pays the
// driver's JSON.parse of the value; the yardstick is that JSON.parse, measured in the same run, and one
// page's recognition beside it. Run: npm run bench:stored

const card = typicalCard();
const { front } = await orderlyStudent(card, 7, '20260001');
const reader = await loadReader();
const grey = await decodeGrey(front.jpeg);
await recognizePage(grey, card, { reader }); // warm-up: the first call compiles and loads
const t0 = performance.now();
const result = await recognizePage(grey, card, { reader });
const recogniseMs = performance.now() - t0;
// the shape scan.jobs stores: the result and its crops
const crops = result.subjective.map((b, i) => ({
  name: b.name,
  question: b.question,
  key: `k/${i}`,
  bbox: b.bbox,
}));
const pageJson = JSON.stringify({ ...result, crops });
const cardJson = JSON.stringify(card);

/** Microseconds per call of `f`, best of five rounds of `n` calls (a loaded machine slows some rounds). */
function perCall(n: number, f: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) f();
    best = Math.min(best, ((performance.now() - t) * 1000) / n);
  }
  return best;
}

const N = 2000;
const pageJsonUs = perCall(N, () => JSON.parse(pageJson));
const pageParseUs = perCall(N, () => StoredPageResultSchema.parse(JSON.parse(pageJson))) - pageJsonUs;
const cardJsonUs = perCall(N, () => JSON.parse(cardJson));
const cardParseUs = perCall(N, () => CardTemplateSchema.parse(JSON.parse(cardJson))) - cardJsonUs;

const f = (x: number) => x.toFixed(1);
console.log(
  `page result: ${(pageJson.length / 1024).toFixed(1)} KB, card template ${(cardJson.length / 1024).toFixed(1)} KB`,
);
console.log(
  `page result  JSON.parse ${f(pageJsonUs)} µs, zod parse on top ${f(pageParseUs)} µs (${f(pageParseUs / pageJsonUs)}× JSON.parse)`,
);
console.log(
  `card template JSON.parse ${f(cardJsonUs)} µs, zod parse on top ${f(cardParseUs)} µs (${f(cardParseUs / cardJsonUs)}× JSON.parse)`,
);
console.log(
  `one page's recognition ${f(recogniseMs * 1000)} µs: a page-result parse is ${((pageParseUs / (recogniseMs * 1000)) * 100).toFixed(2)}% of it`,
);
console.log(
  `100,000 papers × 2 pages read once each: ${f((pageParseUs * 200_000) / 1e6)} s of parsing in all`,
);
