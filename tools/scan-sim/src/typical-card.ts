import { CardTemplateSchema, type CardTemplate, type TemplatePageInput } from '@yj/contracts';

// The built-in demo card: A3 landscape, 200 dpi, two pages, three columns per page, the layout of a
// typical Chinese school answer card (exam-number grid, 40 objective questions, subjective boxes,
// absent and A/B marks, optional-question marks, a mark-then-scan score box).

const W = 3308;
const H = 2339;
const A = 44;
const BUBBLE = { w: 34, h: 20 };

function anchors() {
  const m = 90;
  return [
    { name: '左上定位点', rect: { x: m, y: m, w: A, h: A } },
    { name: '右上定位点', rect: { x: W - m - A, y: m, w: A, h: A } },
    { name: '左下定位点', rect: { x: m, y: H - m - A, w: A, h: A } },
    { name: '右下定位点', rect: { x: W - m - A, y: H - m - A, w: A, h: A } },
  ];
}

const identity = { name: '页码二维码', rect: { x: 1560, y: 70, w: 150, h: 150 } };

function objectiveGroups() {
  const groups: NonNullable<TemplatePageInput['objective']> = [];
  const cols = [250, 700];
  for (let g = 0; g < 8; g++) {
    const first = g * 5 + 1;
    const kind = first >= 36 ? 'trueFalse' : first >= 31 ? 'multi' : 'single';
    const options =
      kind === 'trueFalse' ? ['T', 'F'] : kind === 'multi' ? ['A', 'B', 'C', 'D', 'E'] : ['A', 'B', 'C', 'D'];
    groups.push({
      name: `客观题${first}-${first + 4}`,
      kind,
      firstQuestion: first,
      grid: {
        origin: { x: cols[g % 2]!, y: 840 + Math.floor(g / 2) * 230 },
        bubble: BUBBLE,
        direction: 'horizontal',
        options,
        optionGap: 62,
        fieldGap: 40,
        count: 5,
      },
    });
  }
  return groups;
}

const page1: TemplatePageInput = {
  index: 0,
  width: W,
  height: H,
  dpi: 200,
  identity,
  anchors: anchors(),
  examNumber: {
    name: '考号',
    kind: 'bubbles',
    grid: {
      origin: { x: 240, y: 420 },
      bubble: BUBBLE,
      direction: 'vertical',
      options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
      optionGap: 32,
      fieldGap: 56,
      count: 8,
    },
  },
  absent: { name: '缺考标记', rect: { x: 860, y: 440, ...BUBBLE } },
  ab: {
    name: 'AB卷',
    bubbles: [
      { label: 'A', rect: { x: 860, y: 560, ...BUBBLE } },
      { label: 'B', rect: { x: 960, y: 560, ...BUBBLE } },
    ],
  },
  objective: objectiveGroups(),
  subjective: [
    { name: '第41题', question: '41', rect: { x: 170, y: 1800, w: 980, h: 440 } },
    { name: '第42题', question: '42', rect: { x: 1210, y: 260, w: 940, h: 900 } },
    { name: '第43题', question: '43', rect: { x: 1210, y: 1200, w: 940, h: 1040 } },
    { name: '第44题', question: '44', rect: { x: 2210, y: 260, w: 940, h: 1980 } },
  ],
};

const page2: TemplatePageInput = {
  index: 1,
  width: W,
  height: H,
  dpi: 200,
  identity,
  anchors: anchors(),
  optional: [
    {
      name: '选做题45-46',
      bubbles: [
        { label: '45', rect: { x: 560, y: 290, ...BUBBLE } },
        { label: '46', rect: { x: 700, y: 290, ...BUBBLE } },
      ],
    },
  ],
  subjective: [
    { name: '第45/46题', question: '45|46', rect: { x: 170, y: 360, w: 980, h: 1000 } },
    { name: '第47题', question: '47', rect: { x: 170, y: 1400, w: 980, h: 840 } },
    { name: '第48题', question: '48', rect: { x: 1210, y: 260, w: 940, h: 1980 } },
    { name: '第49题', question: '49', rect: { x: 2210, y: 260, w: 940, h: 1980 } },
  ],
  scoreBoxes: [
    {
      name: '第48题打分栏',
      question: '48',
      fields: [
        {
          name: '十位',
          bubbles: ['0', '10'].map((label, i) => ({ label, rect: { x: 1300 + i * 56, y: 330, ...BUBBLE } })),
        },
        {
          name: '个位',
          bubbles: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((label, i) => ({
            label,
            rect: { x: 1500 + i * 56, y: 330, ...BUBBLE },
          })),
        },
      ],
    },
  ],
};

/** The built-in typical card (A3, 2 pages), validated by the contracts schema. */
export function typicalCard(id = 'demo-a3-2p'): CardTemplate {
  return CardTemplateSchema.parse({ id, name: '示例答题卡（A3 双面）', pages: [page1, page2] });
}

/** The template id of numberTableCard (simulatedCard knows it). */
export const NUMBER_TABLE_CARD_ID = 'demo-a3-2p-number-table';

/**
 * The typical card with its exam number laid out as OMRChecker's sample6 lays it out: round bubbles a fifth of a
 * bubble apart (28 px at a 34 px pitch, 200 dpi), tight enough that a ruled table's lines (print it with
 * PrintStyle.numberTable) run through the rays the ring look (packages/omr rings.ts) reads round the outer bubbles.
 */
export function numberTableCard(): CardTemplate {
  const grid = page1.examNumber && 'grid' in page1.examNumber ? page1.examNumber.grid : null;
  if (!grid) throw new Error('the typical card lays its exam number out as a grid');
  const tight = { ...grid, bubble: { w: 28, h: 28 }, optionGap: 34, fieldGap: 34 };
  const front = { ...page1, examNumber: { ...page1.examNumber!, grid: tight } };
  return CardTemplateSchema.parse({
    id: NUMBER_TABLE_CARD_ID,
    name: '示例答题卡（A3 双面，考号表格）',
    pages: [front, page2],
  });
}
