import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { CardTemplateSchema, type CardTemplateInput, type TemplateRect } from '@yj/contracts';

// Writes our template for OMRChecker's sample6 sheet (a third-party card without anchors): bubble
// positions from its template.json, location areas cut from its reference.png (300 dpi, 2480×3508).
// Run: tsx tools/bench/src/make-sample6-template.ts <sample6 dir>

const dir = process.argv[2] ?? '../shared/samples/omrchecker/sample6';
const out = 'packages/omr/test-fixtures/omrchecker-sample6/template.json';
const SCALE = 0.5;
const B = { w: 42, h: 42 };

const areas: { name: string; rect: TemplateRect }[] = [
  { name: '标题', rect: { x: 470, y: 600, w: 900, h: 140 } },
  { name: '说明标题', rect: { x: 290, y: 1090, w: 800, h: 120 } },
  { name: '学号栏表头', rect: { x: 1560, y: 1110, w: 580, h: 100 } },
  { name: '评分栏标题', rect: { x: 1570, y: 1870, w: 580, h: 100 } },
  { name: '总分行', rect: { x: 1530, y: 2550, w: 640, h: 110 } },
  { name: '第7条说明', rect: { x: 290, y: 2570, w: 700, h: 130 } },
];

async function patch(rect: TemplateRect) {
  const width = Math.round(rect.w * SCALE);
  const height = Math.round(rect.h * SCALE);
  const data = await sharp(`${dir}/reference.png`)
    .extract({ left: rect.x, top: rect.y, width: rect.w, height: rect.h })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, scale: SCALE, data: data.toString('base64') };
}

const column = (x: number, labels: string[], gap: number) =>
  labels.map((label, i) => ({ label, rect: { x, y: 1290 + i * gap, ...B } }));
const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

const card: CardTemplateInput = {
  id: 'omrchecker-sample6',
  name: 'OMRChecker sample6 (CS1010S cover page)',
  pages: [
    {
      index: 0,
      width: 2480,
      height: 3508,
      dpi: 300,
      locationAreas: await Promise.all(areas.map(async (a) => ({ ...a, patch: await patch(a.rect) }))),
      examNumber: {
        name: '学号',
        kind: 'bubbles',
        fields: [
          { name: 'stu', bubbles: column(1636, ['U', 'A', 'HT', 'GT'], 50) },
          ...Array.from({ length: 7 }, (_, d) => ({
            name: `roll${d + 1}`,
            bubbles: column(1685 + d * 50.5, digits, 50.5),
          })),
          {
            name: 'check',
            bubbles: [
              ...column(2033, ['A', 'B', 'E', 'H', 'J', 'L', 'M'], 50),
              ...column(2083, ['N', 'R', 'U', 'W', 'X', 'Y'], 50),
            ],
          },
        ],
      },
    },
  ],
};
await writeFile(out, JSON.stringify(CardTemplateSchema.parse(card)));
console.log(`wrote ${out}`);
