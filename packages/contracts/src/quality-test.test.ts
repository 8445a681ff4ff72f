import { describe, expect, it } from 'vitest';
import { biasText, flagText, voidedText, type VoidedRecords } from './quality-test';

const none = { n: 0, meanDiff: null, meanAbsDiff: null, maxAbsDiff: null };

describe('质检报告 cells of issue 29', () => {
  it('the bias: where the rule first held, or how much evidence said nothing', () => {
    expect(biasText({ n: 0, signal: null })).toBe('暂无有参照的评分');
    expect(biasText({ n: 4, signal: null })).toBe('正常（4 份有参照）');
    expect(biasText({ n: 3, signal: { t: 3, direction: 'low', mean: -2.5, limit: 1, n: 3 } })).toBe(
      '第 3 份有参照的评分起一贯偏低（平均 2.5 分）',
    );
  });

  it('the flag: after how many papers, on how much evidence, and why', () => {
    expect(flagText(null)).toBe('未标记');
    expect(
      flagText({ state: 1, reasons: ['甲', '乙'], at: '2026-11-28T00:00:00.000Z', atDone: 6, atEvidence: 3 }),
    ).toBe('已标记：评完 6 份后标记（依据 3 份有参照的评分）；甲；乙');
    expect(flagText({ state: 0, reasons: ['甲'], at: '', atDone: 20, atEvidence: null })).toBe(
      '已放行：评完 20 份后标记；甲',
    );
  });

  it('the voided records of a reset: each kind with its mean, then the flag it let go', () => {
    const v: VoidedRecords = {
      standard: { n: 3, meanDiff: 3, meanAbsDiff: 3, maxAbsDiff: 3 },
      self: { n: 1, meanDiff: 0, meanAbsDiff: 0, maxAbsDiff: 0 },
      spot: none,
      pair: { n: 2, meanDiff: -1.5, meanAbsDiff: 1.5, maxAbsDiff: 2 },
      flag: { reasons: ['评分一贯偏高'], atDone: 6, atEvidence: 3, flaggedAt: '', voidedAt: '' },
    };
    expect(voidedText(v)).toBe(
      '已作废：标准卷 3 份（平均偏差 +3 分）；双评 2 份（平均偏差 -1.5 分）；自评 1 份（平均偏差 0 分）；重置前评完 6 份后标记：评分一贯偏高',
    );
    expect(voidedText({ standard: none, self: none, spot: none, pair: none, flag: null })).toBe('无');
  });
});
