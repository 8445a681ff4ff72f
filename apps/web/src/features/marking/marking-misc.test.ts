import { describe, expect, it } from 'vitest';
import { claimNeed, isRetryable, retryDelay, wantsNext } from './mark-queue';
import { perHour } from './speed';
import { fitZoom, readPrefs, rotateBy, turnedLayout, writePrefs } from './view-prefs';

describe('speed', () => {
  it('counts the last hour, a short sitting from its start', () => {
    const h = 3_600_000;
    expect(perHour([], 0, h)).toBe(0);
    // 30 papers in half an hour → 60 份/小时
    expect(
      perHour(
        Array.from({ length: 30 }, (_, i) => i * 60_000),
        0,
        h / 2,
      ),
    ).toBe(60);
    // the first paper after 10 s counts as one minute
    expect(perHour([10_000], 0, 10_000)).toBe(60);
    // older than an hour drops out
    expect(perHour([0, 2 * h], 0, 2 * h)).toBe(1);
  });
});

describe('queue', () => {
  it('keeps one spare beyond the papers shown', () => {
    expect(claimNeed(0, 1, 0)).toBe(2);
    expect(claimNeed(0, 4, 0)).toBe(4);
    expect(claimNeed(2, 1, 0)).toBe(0);
    expect(claimNeed(1, 1, 1)).toBe(0);
    expect(wantsNext(1, 1, 0)).toBe(true);
    expect(wantsNext(2, 1, 0)).toBe(false);
  });

  it('retries only what got no answer or a server failure', () => {
    expect(isRetryable({ code: 1024, message: '网络连接异常' })).toBe(true);
    expect(isRetryable({ code: 502, data: null })).toBe(true);
    expect(isRetryable({ code: 1, message: '领取已过期', data: null })).toBe(false);
    expect(isRetryable({ code: 403, data: null })).toBe(false);
    expect(isRetryable({ cancelled: true })).toBe(false);
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

describe('view prefs', () => {
  it('remembers zoom and turns per block, refusing junk', () => {
    const m = new Map<string, string>();
    const store = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    };
    expect(readPrefs(7, store)).toEqual({ zoom: null, rotation: 0 });
    writePrefs(7, { zoom: 1.5, rotation: 90 }, store);
    expect(readPrefs(7, store)).toEqual({ zoom: 1.5, rotation: 90 });
    expect(readPrefs(8, store).rotation).toBe(0);
    m.set('mark.view.9', '{"zoom":99,"rotation":45}');
    expect(readPrefs(9, store)).toEqual({ zoom: null, rotation: 0 });
    expect(rotateBy(270)).toBe(0);
  });

  it('fits the turned width and lays the turned picture in its box', () => {
    expect(fitZoom(404, 800, 200, 0)).toBe(0.5);
    expect(fitZoom(204, 800, 200, 90)).toBe(1);
    expect(turnedLayout(100, 50, 90)).toEqual({
      boxWidth: 50,
      boxHeight: 100,
      transform: 'translate(50px, 0) rotate(90deg)',
    });
    expect(turnedLayout(100, 50, 0).transform).toBe('none');
  });
});

describe('mark route', () => {
  // the route's params as the router gives them (strings) and what they read as
  const params = (type: string, v: string) => ({ subjectId: '3', blockId: '9', type, v });
  const route = (type: string, display: number) => ({ subjectId: 3, blockId: 9, type, display });

  it('reads subject, block, type and the display count 1–4', async () => {
    const { parseMarkRoute, markPath } = await import('./mark-route');
    expect(parseMarkRoute(params('arbitration', '1'))).toEqual(route('arbitration', 1));
    expect(parseMarkRoute(params('normal', '5'))).toBeNull();
    expect(parseMarkRoute(params('other', '1'))).toBeNull();
    expect(markPath(3, 9)).toBe('/book/subject/3/mark/9/normal/1');
  });

  it('reads 试评 as a type of the same screen', async () => {
    const { parseMarkRoute, markPath } = await import('./mark-route');
    expect(parseMarkRoute(params('trial', '2'))).toEqual(route('trial', 2));
    expect(markPath(3, 9, 'trial')).toBe('/book/subject/3/mark/9/trial/1');
  });
});

describe('review/task', () => {
  /** A 阅卷任务 row (期中 语文, a marker with 5 papers left); each test sets what it is about. */
  const base = {
    examId: 1,
    examName: '期中',
    subjectId: 11,
    subjectName: '语文',
    blockName: '作文',
    subjectStatus: 3,
    role: 4 as const,
    done: 0,
    quota: null,
    left: 5,
    blockDone: 0,
    blockTotal: 10,
    blockParts: { arbitration: 0, problems: 0, blanks: 0 },
  };

  it('groups blocks by exam and subject and names the button', async () => {
    const { groupTasks, markAction } = await import('./review-groups');
    const groups = groupTasks([
      { ...base, examId: 1, subjectId: 11, blockId: 1, blockName: '作文' },
      { ...base, examId: 2, subjectId: 21, blockId: 3, blockName: '13' },
      { ...base, examId: 1, subjectId: 11, blockId: 2, blockName: '阅读' },
    ]);
    expect(groups.map((g) => [g.examId, g.subjects.map((s) => s.blocks.map((b) => b.blockId))])).toEqual([
      [1, [[1, 2]]],
      [2, [[3]]],
    ]);
    expect(markAction({ done: 0, left: 3, quota: null })).toBe('开始阅卷');
    expect(markAction({ done: 2, left: 3, quota: 10 })).toBe('继续阅卷');
    expect(markAction({ done: 10, left: 3, quota: 10 })).toBeNull();
    expect(markAction({ done: 1, left: 0, quota: null })).toBeNull();
  });

  it('/book/multi offers the blocks I mark in subjects that are marking, not the ones I lead', async () => {
    const { markableBlocks } = await import('./review-groups');
    const picked = markableBlocks([
      { ...base, blockId: 1, role: 4, subjectStatus: 3 },
      { ...base, blockId: 2, role: 6, subjectStatus: 3 },
      // 试评 (1) and 暂停 (4) are not marking now
      { ...base, blockId: 3, role: 4, subjectStatus: 1 },
      { ...base, blockId: 4, role: 4, subjectStatus: 4 },
      { ...base, blockId: 5, role: 4, subjectStatus: 3, left: 0 },
    ]);
    expect(picked.map((b) => b.blockId)).toEqual([1, 5]);
  });
});
