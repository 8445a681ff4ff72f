import type { SubjectiveQuestion } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { blockPerQuestion, blockProblems, blocksBody, emptyBlock, unassigned } from './block-edit';

const questions: SubjectiveQuestion[] = [
  { no: '11', score: 10, step: 1, bNo: null },
  { no: '12(1)', score: 6, step: 1, bNo: null },
  { no: '12(2)', score: 4, step: 0.5, bNo: null },
];
const block = (name: string, nos: string[]) => ({ ...emptyBlock(name), nos });

describe('block editing', () => {
  it('lists the questions in no block', () => {
    expect(unassigned([block('a', ['12(1)'])], questions)).toEqual(['11', '12(2)']);
  });

  it('checks a block against the others in Chinese', () => {
    const others = [block('作文', ['11'])];
    expect(blockProblems(block('', []), others, questions)).toEqual([
      '请填写题块名称',
      '题块至少包含一道主观题',
    ]);
    expect(blockProblems(block('作文', ['11', '99']), others, questions)).toEqual([
      '题块名称“作文”已存在',
      '第 11 题已在题块“作文”中',
      '第 99 题不是本科目的主观题',
    ]);
    const double = { ...block('第12题', ['12(1)', '12(2)']), markCount: 2 as const };
    expect(blockProblems(double, others, questions)).toEqual(['双评须设置误差阈值']);
    expect(blockProblems({ ...double, threshold: 10 }, others, questions)).toEqual([
      '误差阈值应小于题块满分 10 分',
    ]);
    expect(blockProblems({ ...double, threshold: 2 }, others, questions)).toEqual([]);
  });

  it('saves questions in paper order and drops a single-marking threshold', () => {
    const body = blocksBody([{ ...block(' 第12题 ', ['12(2)', '12(1)']), threshold: 3 }]);
    expect(body.blocks[0]).toMatchObject({ name: '第12题', nos: ['12(1)', '12(2)'], threshold: null });
    expect(body.blocks[0]).not.toHaveProperty('key');
  });

  it('makes one block per unassigned question', () => {
    const all = blockPerQuestion([block('第11题', ['11'])], questions);
    expect(all.map((b) => [b.name, b.nos])).toEqual([
      ['第11题', ['11']],
      ['第12(1)题', ['12(1)']],
      ['第12(2)题', ['12(2)']],
    ]);
  });
});
