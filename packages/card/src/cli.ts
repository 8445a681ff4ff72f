import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadCardFonts } from './font';
import {
  cardTemplate,
  demoOptions,
  demoStructure,
  layoutCard,
  renderPdf,
  renderSvg,
  type Paper,
} from './index';

// Sample card for the demo structure: PDF, template JSON, and an SVG + PNG preview per page.
//   npx tsx packages/card/src/cli.ts [--out DIR (default: $TMPDIR/yj-card)] [--paper A3|A4|B4|8K] [--columns 3] [--barcode] [--one-sided]

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(tmpdir(), 'yj-card') },
    paper: { type: 'string', default: 'A3' },
    columns: { type: 'string' },
    barcode: { type: 'boolean', default: false },
    'one-sided': { type: 'boolean', default: false },
    dpi: { type: 'string', default: '200' },
  },
});

const out = resolve(values.out);
await mkdir(out, { recursive: true });
const g = layoutCard({
  structure: demoStructure(),
  options: demoOptions({
    paper: values.paper as Paper,
    ...(values.columns ? { columns: Number(values.columns) } : { columns: undefined }),
    examNumber: values.barcode ? { kind: 'barcode' } : { kind: 'bubbles', digits: 8 },
    twoSided: !values['one-sided'],
  }),
});
await writeFile(join(out, 'card.pdf'), await renderPdf(g, await loadCardFonts()));
await writeFile(
  join(out, 'template.json'),
  JSON.stringify(cardTemplate(g, { dpi: Number(values.dpi) }), null, 2),
);
await writeFile(join(out, 'geometry.json'), JSON.stringify(g, null, 2));
for (const p of g.pages) {
  const svg = renderSvg(g, p.index);
  await writeFile(join(out, `page-${p.index + 1}.svg`), svg);
  await sharp(Buffer.from(svg), { density: 150 })
    .png()
    .toFile(join(out, `page-${p.index + 1}.png`));
}
console.log(`${g.name}: ${g.pages.length} 页 (${g.paper}, ${g.columns} 栏) → ${out}`);
