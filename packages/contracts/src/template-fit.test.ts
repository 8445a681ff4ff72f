import { describe, expect, it } from 'vitest';
import type { ObjectiveQuestion, Structure } from './question';
import type { CardTemplate } from './template';
import { mismatchMessages, objectiveMismatches } from './template-fit';
import { templateProblems } from './template-meta';

const q = (no: number, kind: ObjectiveQuestion['kind'], options: number): ObjectiveQuestion =>
  ({ no: String(no), kind, options, score: 2, answer: 'A' }) as ObjectiveQuestion;

const structure = (objective: ObjectiveQuestion[]): Structure => ({
  objective,
  subjective: [],
  optionalGroups: [],
  abEnabled: false,
});

const grid = (options: string[], count: number) => ({
  origin: { x: 100, y: 100 },
  bubble: { w: 30, h: 20 },
  direction: 'horizontal' as const,
  options,
  optionGap: 40,
  fieldGap: 30,
  count,
});

type Group = CardTemplate['pages'][number]['objective'][number];
const template = (objective: Group[]): CardTemplate =>
  ({
    version: 1,
    pages: [
      {
        index: 0,
        width: 2480,
        height: 3508,
        dpi: 200,
        anchors: [
          { x: 10, y: 10, w: 40, h: 40 },
          { x: 2430, y: 10, w: 40, h: 40 },
          { x: 10, y: 3458, w: 40, h: 40 },
          { x: 2430, y: 3458, w: 40, h: 40 },
        ],
        locationAreas: [],
        examNumber: { name: '考号', kind: 'qr', rect: { x: 500, y: 100, w: 200, h: 200 } },
        objective,
        subjective: [],
        optional: [],
      },
    ],
  }) as unknown as CardTemplate;

const ABCD = ['A', 'B', 'C', 'D'];

describe('objectiveMismatches: the template reads a question as 题目设置 scores it', () => {
  it('finds nothing when kind, option count and letters agree (判断 read as A/B or T/F)', () => {
    const s = structure([q(1, 'single', 4), q(2, 'single', 4), q(3, 'multi', 5), q(4, 'trueFalse', 2)]);
    const t = template([
      { name: '单选', kind: 'single', firstQuestion: 1, grid: grid(ABCD, 2) },
      { name: '多选', kind: 'multi', firstQuestion: 3, grid: grid(['a', 'b', 'c', 'd', 'e'], 1) },
      { name: '判断', kind: 'trueFalse', firstQuestion: 4, grid: grid(['T', 'F'], 1) },
    ]);
    expect(objectiveMismatches(t, s.objective)).toEqual([]);
    expect(
      objectiveMismatches(
        template([{ name: '判断', kind: 'trueFalse', firstQuestion: 4, grid: grid(['A', 'B'], 1) }]),
        s.objective,
      ),
    ).toEqual([]);
    // a 判断 drawn as 单选 with two bubbles A/B reads and scores the same
    expect(
      objectiveMismatches(
        template([{ name: '判断', kind: 'single', firstQuestion: 4, grid: grid(['A', 'B'], 1) }]),
        s.objective,
      ),
    ).toEqual([]);
  });

  it('names a kind, an option count and labels scoring cannot read, once per question', () => {
    const s = structure([
      q(31, 'single', 4),
      q(32, 'single', 4),
      q(36, 'single', 4),
      q(40, 'single', 5),
      q(41, 'trueFalse', 2),
    ]);
    const t = template([
      // 多选 on the card, 单选 in the settings: a double mark would not be asked about
      { name: '多选', kind: 'multi', firstQuestion: 31, grid: grid(['A', 'B', 'C', 'D', 'E'], 2) },
      // a 判断 group read as T/F against a 单选 key: every answer 0
      { name: '判断', kind: 'trueFalse', firstQuestion: 36, grid: grid(['T', 'F'], 1) },
      // four bubbles for a five-option question: E is never read
      { name: '单选', kind: 'single', firstQuestion: 40, grid: grid(ABCD, 1) },
      // bubble by bubble with printed ticks
      {
        name: '判断2',
        kind: 'trueFalse',
        questions: ['41'],
        fields: [
          {
            bubbles: [
              { label: '√', rect: { x: 0, y: 0, w: 30, h: 20 } },
              { label: '×', rect: { x: 40, y: 0, w: 30, h: 20 } },
            ],
          },
        ],
      },
    ]);
    const found = objectiveMismatches(t, s.objective);
    expect(found).toEqual([
      { no: '31', what: 'kind', template: '多选', structure: '单选' },
      { no: '32', what: 'kind', template: '多选', structure: '单选' },
      { no: '36', what: 'kind', template: '判断', structure: '单选' },
      { no: '40', what: 'options', template: '4 个选项', structure: '5 个选项' },
      { no: '41', what: 'labels', template: '√、×', structure: 'A、B（或 T、F）' },
    ]);
    expect(mismatchMessages(found)).toEqual([
      '客观题 31、32 在模板中是多选，题目设置中是单选',
      '客观题 36 在模板中是判断，题目设置中是单选',
      '客观题 40 在模板中有 4 个选项，题目设置中是 5 个选项',
      '客观题 41 在模板中的选项标签是 √、×，无法按题目设置的 A、B（或 T、F）计分',
    ]);
  });

  it('a letter twice or out of range is no fit; questions not in the settings are left to the other checks', () => {
    const s = structure([q(1, 'single', 4), q(2, 'multi', 4)]);
    const t = template([
      { name: '1', kind: 'single', firstQuestion: 1, grid: grid(['A', 'B', 'C', 'C'], 1) },
      { name: '2', kind: 'multi', firstQuestion: 2, grid: grid(['A', 'B', 'C', 'E'], 2) },
    ]);
    expect(objectiveMismatches(t, s.objective).map((m) => [m.no, m.what])).toEqual([
      ['1', 'labels'],
      ['2', 'labels'],
    ]);
    // question 3 (the second field of group 2) is reported as not in the structure, not as a mismatch
    expect(templateProblems(t, s)).toContain('模板中的客观题 3 不在题目结构中');
  });

  it('lists at most eight numbers of one disagreement', () => {
    const nos = Array.from({ length: 10 }, (_, i) => i + 1);
    const s = structure(nos.map((n) => q(n, 'single', 4)));
    const t = template([{ name: 'x', kind: 'multi', firstQuestion: 1, grid: grid(ABCD, 10) }]);
    expect(mismatchMessages(objectiveMismatches(t, s.objective))).toEqual([
      '客观题 1、2、3、4、5、6、7、8 等 10 题在模板中是多选，题目设置中是单选',
    ]);
  });
});
