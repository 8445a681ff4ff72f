import { describe, expect, it } from 'vitest';
import type { BlockItem, SubjectiveQuestion } from '@yj/contracts';
import { emptyBlock } from './block-edit';
import { fitRegion, pointsFor, proposalsOf, setPoints, styleProblems } from './block-style';

const questions: SubjectiveQuestion[] = [
  { no: '17', score: 10, step: 1, bNo: null },
  { no: '18', score: 6, step: 0.5, bNo: null },
];
const block = { ...emptyBlock('阅读'), nos: ['17', '18'] };
/** The block with question 17 marked by two 给分点 (论点, 论据) in steps of 1. */
const pointsOf17 = (argument: number, evidence: number) =>
  setPoints(
    block,
    {
      no: '17',
      step: 1,
      points: [
        { name: '论点', score: argument },
        { name: '论据', score: evidence },
      ],
    },
    questions,
  );

describe('题块框选 helpers', () => {
  it('fills a question without saved points with its structure step, and keeps question order', () => {
    expect(pointsFor(block, '18', questions)).toEqual({ no: '18', step: 0.5, points: [] });
    const next = setPoints(block, { no: '18', step: 1, points: [{ name: '要点', score: 6 }] }, questions);
    expect(next.points.map((p) => [p.no, p.step])).toEqual([
      ['17', 1],
      ['18', 1],
    ]);
  });

  it('says when 给分点 do not add up to the full score, as the server does', () => {
    const b = pointsOf17(4, 4);
    expect(styleProblems([b], questions)).toEqual(['题块“阅读”：给分点之和 8 分与第 17 题满分 10 分不一致']);
    const half = pointsOf17(9.5, 0.5);
    expect(styleProblems([half], questions)[0]).toBe(
      '题块“阅读”：第 17 题给分点“论点”的 9.5 分不是步长 1 分的整数倍',
    );
  });

  it('keeps a dragged region on its page and shows only unsaved proposals', () => {
    expect(fitRegion({ page: 1, x: -5.4, y: 100.6, w: 5000, h: 3 }, 3308, 2339)).toEqual({
      page: 1,
      x: 0,
      y: 101,
      w: 3308,
      h: 10,
    });
    const items = [
      { id: 1, regionsProposed: true, regions: [{ page: 0, x: 1, y: 1, w: 20, h: 20 }] },
      { id: 2, regionsProposed: false, regions: [] },
    ] as unknown as BlockItem[];
    expect([...proposalsOf(items).keys()]).toEqual(['id-1']);
  });
});
