import { describe, expect, it } from 'vitest';
import { foreignPages, shiftedPapers } from './paper-pages';

const page = (cardPage: number | null, kaohao: string | null = null) => ({ cardPage, kaohao });

describe('foreignPages', () => {
  it('finds nothing in a paper holding each card page once, in either order', () => {
    expect(foreignPages([page(0, '20260001'), page(1)])).toEqual([]);
    expect(foreignPages([page(1), page(0, '20260001')])).toEqual([]);
    expect(foreignPages([page(0, '20260001'), page(1), page(2, '20260001'), page(3)])).toEqual([]);
  });

  it('passes over pages identified as no card page (blank, not registered)', () => {
    expect(foreignPages([page(0, '20260001'), page(null)])).toEqual([]);
    expect(foreignPages([page(null), page(null)])).toEqual([]);
  });

  it('gives a card page met a second time, with both images and the card page named', () => {
    const [f, ...rest] = foreignPages([page(0, '20260001'), page(0, '20260002')]);
    expect(rest).toEqual([]);
    expect(f!.at).toBe(1);
    expect(f!.reason).toContain('第 2 张图与第 1 张图都是答题卡第 1 页');
    expect(f!.reason).toContain('单面扫描');
    // four images of a four-page card scanned one-sided: pages 1 and 3 of two students
    expect(foreignPages([page(0, 'a'), page(2), page(0, 'b'), page(2)]).map((x) => x.at)).toEqual([2, 3]);
  });

  it('gives a page whose exam number differs from the one read before it', () => {
    const found = foreignPages([page(0, '20260001'), page(1), page(2, '20260009'), page(3)]);
    expect(found.map((x) => x.at)).toEqual([2]);
    expect(found[0]!.reason).toContain('第 3 张图的考号 20260009 与第 1 张图的考号 20260001 不同');
    // the same number on every sheet, or a number unread on one, is no conflict
    expect(foreignPages([page(0, '20260001'), page(1), page(2, '20260001')])).toEqual([]);
    expect(foreignPages([page(0, null), page(2, '20260001')])).toEqual([]);
  });

  it('does not count a page it gave as the card page a later page repeats', () => {
    // the third image is another student's page 3 (its number differs); the fourth, this student's own page 3,
    // is not taken for a second page 3
    const found = foreignPages([page(0, 'a'), page(1), page(2, 'b'), page(2, 'a')]);
    expect(found.map((x) => x.at)).toEqual([2]);
  });
});

describe('shiftedPapers', () => {
  const p = (paperId: number, twice = false, backFirst = false) => ({ paperId, twice, backFirst });

  it('raises the back-first papers that follow a paper holding a card page twice, to the end of the run', () => {
    // A whole; B's front kept alone, then B again: [B front, B front], [B back, C front], [C back, D front]; E whole
    expect(shiftedPapers([p(1), p(2, true), p(3, false, true), p(4, false, true), p(5)])).toEqual([3, 4]);
    expect(shiftedPapers([p(1, true), p(2, false, true)])).toEqual([2]);
  });

  it('leaves a sheet lying back first alone, and a one-sided scan’s papers of two fronts', () => {
    expect(shiftedPapers([p(1), p(2, false, true), p(3)])).toEqual([]);
    expect(shiftedPapers([p(1, true), p(2, true), p(3, true)])).toEqual([]);
    // the run ends at a paper in order: a back-first sheet after it is a sheet lying the other way round
    expect(shiftedPapers([p(1, true), p(2), p(3, false, true)])).toEqual([]);
  });
});
