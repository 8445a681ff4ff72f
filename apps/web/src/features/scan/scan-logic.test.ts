import type { ScanExceptionCounts } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchPercent,
  checkSelection,
  groupObjective,
  openTotal,
  optionForKey,
  optionKeysHint,
  sortScanFiles,
  toImagePoint,
  toggleOption,
  typedScoreProblem,
} from './scan-logic';
import { objectiveItem } from './scan-exception.fixture';

const item = (id: number, region: string, fills: number[]) => objectiveItem(id, region, fills);

describe('objective groups', () => {
  it('puts the same question with the same fill pattern together, largest group first', () => {
    const g = groupObjective([
      item(1, '1', [0.8, 0.7, 0.02, 0.01]),
      item(2, '2', [0.8, 0.7, 0.02, 0.01]),
      item(3, '1', [0.75, 0.66, 0.05, 0.0]),
      item(4, '1', [0.8, 0.3, 0.02, 0.01]),
    ]);
    expect(g.map((x) => [x.question, x.pattern, x.items.map((i) => i.id)])).toEqual([
      ['1', '●●○○', [1, 3]],
      ['1', '●◐○○', [4]],
      ['2', '●●○○', [2]],
    ]);
  });

  it('keeps a case doubted by a ring or a tick outside its bubbles apart: alike fills, different answers', () => {
    const empty = [0.05, 0.06, 0.04, 0.05];
    const doubted = (id: number, option: number) =>
      objectiveItem(id, '3', empty, {
        reason: '填涂不清（有选项旁打了勾而未涂黑，请核对原图）',
        detail: { fills: empty, doubted: [option] },
      });
    // a tick after B, a tick after D, and two plain unclear cases of the same look
    const g = groupObjective([doubted(1, 1), doubted(2, 3), item(3, '3', empty), item(4, '3', empty)]);
    expect(g.map((x) => x.items.map((i) => i.id))).toEqual([[3, 4], [1], [2]]);
  });
});

describe('keys', () => {
  it('maps A–E to the options, labels to themselves', () => {
    expect(optionForKey('b', ['A', 'B', 'C', 'D'])).toBe('B');
    expect(optionForKey('A', ['T', 'F'])).toBe('T');
    expect(optionForKey('F', ['T', 'F'])).toBe('F');
    expect(optionForKey('E', ['A', 'B', 'C', 'D'])).toBeNull();
    expect(optionForKey('Enter', ['A'])).toBeNull();
  });
  it('names the keys the options are picked with: T/F on a 判断, A–D on a choice', () => {
    expect(optionKeysHint(['T', 'F'])).toBe('T/F');
    expect(optionKeysHint(['A', 'B', 'C', 'D'])).toBe('A–D');
    expect(optionKeysHint(['A', 'B', 'C', 'D', 'E'])).toBe('A–E');
    expect(optionKeysHint(['A', 'B'])).toBe('A/B');
    expect(optionKeysHint(['对', '错'])).toBe('A/B');
    expect(optionKeysHint([])).toBe('');
  });
  it('toggles an option in option order', () => {
    expect(toggleOption(['C'], 'A', ['A', 'B', 'C'])).toEqual(['A', 'C']);
    expect(toggleOption(['A', 'C'], 'A', ['A', 'B', 'C'])).toEqual(['C']);
  });
});

describe('upload selection', () => {
  it('orders files as numbered and refuses other kinds and too many files', () => {
    expect(
      sortScanFiles([{ name: '10.jpg' }, { name: '2.jpg' }, { name: '1.jpg' }]).map((f) => f.name),
    ).toEqual(['1.jpg', '2.jpg', '10.jpg']);
    expect(checkSelection([{ name: 'a.jpg', size: 1 }])).toBeNull();
    expect(checkSelection([{ name: '说明.txt', size: 1 }])).toContain('不是支持的格式');
    expect(checkSelection([])).toBe('请选择要上传的答题卡文件');
    // a large selection goes in chunks (chunks.ts); only an unreasonable one is refused
    expect(
      checkSelection(Array.from({ length: 2000 }, (_, i) => ({ name: `${i}.jpg`, size: 1 }))),
    ).toBeNull();
    const many = Array.from({ length: 20_001 }, (_, i) => ({ name: `${i}.jpg`, size: 1 }));
    expect(checkSelection(many)).toContain('一次最多选择 20000 个文件');
  });
});

describe('geometry and progress', () => {
  it('maps a click on a scaled image to image pixels', () => {
    expect(toImagePoint({ x: 50, y: 25 }, { width: 100, height: 50 }, { width: 2000, height: 1000 })).toEqual(
      {
        x: 1000,
        y: 500,
      },
    );
  });
  it('counts batch progress and open exceptions', () => {
    expect(batchPercent({ pages: 8, queued: 2 })).toBe(75);
    expect(batchPercent({ pages: 0, queued: 0 })).toBe(0);
    const c = {
      locationExp: 1,
      kaohaoExp: 2,
      kaohaoRepeat: 0,
      objExp: 3,
      subExp: 0,
      abExp: 0,
      optionalExp: 0,
      absentExp: 1,
      otherExp: 0,
    } as ScanExceptionCounts;
    expect(openTotal(c)).toBe(7);
  });
});

describe('typedScoreProblem', () => {
  it('checks a typed 打分栏 score against the full score and step', () => {
    const rule = { max: 15, step: 0.5 };
    expect(typedScoreProblem(null, rule)).toBe('请输入分数');
    expect(typedScoreProblem(15, rule)).toBeNull();
    expect(typedScoreProblem(7.5, rule)).toBeNull();
    expect(typedScoreProblem(15.5, rule)).toBe('满分 15 分，输入的分数超过满分');
    expect(typedScoreProblem(7.25, rule)).toBe('分数只能是 0.5 的倍数');
    expect(typedScoreProblem(7.5, { max: 15, step: 1 })).toBe('该题只能给整数分');
    expect(typedScoreProblem(-1, rule)).toBe('分数不能小于 0');
  });
});
