import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE, PROGRESS, ProgressModel, type ProgressState } from './progress-model';

describe('ProgressModel', () => {
  let states: ProgressState[];
  const track = (s: ProgressState): void => {
    states.push(s);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('uses the constants of spec §9', () => {
    expect(PROGRESS.durationMs).toBe(3000);
    expect(PROGRESS.heightPx).toBe(2);
    expect(PROGRESS.tickMs).toBe(100);
    expect(PROGRESS.failedColor).toBe('red');
  });

  it('shows at 0 on start and grows once per 100 ms tick', () => {
    const m = new ProgressModel(track, { random: () => 0.5 });
    m.start();
    expect(m.current).toEqual({ percent: 0, visible: true, failed: false });
    vi.advanceTimersByTime(99);
    expect(m.current.percent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(m.current.percent).toBeGreaterThan(0);
    const afterOne = m.current.percent;
    vi.advanceTimersByTime(100);
    expect(m.current.percent).toBeCloseTo(afterOne * 2);
  });

  it('climbs above 95 % in about the default 3000 ms with average growth, then holds below 100', () => {
    const m = new ProgressModel(track, { random: () => 0.5 });
    m.start();
    vi.advanceTimersByTime(2800);
    expect(m.current.percent).toBeLessThanOrEqual(95);
    vi.advanceTimersByTime(400);
    expect(m.current.percent).toBeGreaterThan(95);
    const held = m.current.percent;
    vi.advanceTimersByTime(60_000);
    expect(m.current.percent).toBe(held);
    expect(held).toBeLessThan(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('grows by random amounts', () => {
    const seq = [0.1, 0.9, 0.3];
    let i = 0;
    const m = new ProgressModel(track, { random: () => seq[i++ % seq.length] ?? 0 });
    m.start();
    vi.advanceTimersByTime(300);
    const steps = states.slice(1).map((s, k) => s.percent - (states[k]?.percent ?? 0));
    expect(steps[0]).toBeLessThan(steps[1] ?? 0);
    expect(steps[2]).toBeLessThan(steps[1] ?? 0);
  });

  it('finishes at 100 %, hides after 0.5 s and resets after a further 0.2 s', () => {
    const m = new ProgressModel(track);
    m.start();
    vi.advanceTimersByTime(1000);
    m.finish();
    expect(m.current).toEqual({ percent: 100, visible: true, failed: false });
    vi.advanceTimersByTime(499);
    expect(m.current.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(m.current).toEqual({ percent: 100, visible: false, failed: false });
    vi.advanceTimersByTime(199);
    expect(m.current.percent).toBe(100);
    vi.advanceTimersByTime(1);
    expect(m.current).toEqual(IDLE);
  });

  it('turns red when a loader failed, and the next start is clean again', () => {
    const m = new ProgressModel(track);
    m.start();
    vi.advanceTimersByTime(300);
    m.fail();
    expect(m.current).toEqual({ percent: 100, visible: true, failed: true });
    vi.advanceTimersByTime(500);
    expect(m.current.failed).toBe(true);
    vi.advanceTimersByTime(200);
    expect(m.current.failed).toBe(false);
    m.start();
    expect(m.current).toEqual({ percent: 0, visible: true, failed: false });
  });

  it('a new start during the hide delay cancels the pending hide', () => {
    const m = new ProgressModel(track);
    m.start();
    m.finish();
    vi.advanceTimersByTime(300);
    m.start();
    vi.advanceTimersByTime(1000);
    expect(m.current.visible).toBe(true);
    expect(m.current.percent).toBeGreaterThan(0);
    expect(m.current.percent).toBeLessThan(100);
  });
});
