/** Progress bar constants of spec §4/§9. */
export const PROGRESS = {
  /** expected time to climb to the hold point, ms */
  durationMs: 3000,
  heightPx: 2,
  tickMs: 100,
  /** growth stops once the bar is above this percentage, until the navigation finishes */
  holdAbove: 95,
  /** the bar never claims completion on its own */
  ceiling: 99,
  hideAfterMs: 500,
  resetAfterMs: 200,
  failedColor: 'red',
} as const;

export interface ProgressState {
  percent: number;
  visible: boolean;
  failed: boolean;
}

export interface ProgressOptions {
  durationMs?: number;
  random?: () => number;
}

type Timer = ReturnType<typeof setTimeout>;

export const IDLE: ProgressState = { percent: 0, visible: false, failed: false };

/**
 * Timing of the top progress bar: start → random growth every tick until above 95 % → finish (100 %)
 * → hidden 0.5 s later → reset 0.2 s after that. fail() finishes in the failed colour.
 */
export class ProgressModel {
  private state: ProgressState = IDLE;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private timers: Timer[] = [];
  private readonly maxStep: number;
  private readonly random: () => number;

  constructor(
    private readonly onChange: (s: ProgressState) => void,
    opts: ProgressOptions = {},
  ) {
    const duration = opts.durationMs ?? PROGRESS.durationMs;
    // Uniform steps in (0, maxStep] average half of maxStep, so the hold point arrives after ~duration.
    this.maxStep = (2 * PROGRESS.holdAbove * PROGRESS.tickMs) / duration;
    this.random = opts.random ?? Math.random;
  }

  get current(): ProgressState {
    return this.state;
  }

  start(): void {
    this.clear();
    this.set({ percent: 0, visible: true, failed: false });
    this.ticker = setInterval(() => this.grow(), PROGRESS.tickMs);
  }

  finish(): void {
    this.end(this.state.failed);
  }

  fail(): void {
    this.end(true);
  }

  dispose(): void {
    this.clear();
  }

  private grow(): void {
    if (this.state.percent > PROGRESS.holdAbove) {
      this.stopTicker();
      return;
    }
    const step = Math.max(0.01, this.random()) * this.maxStep;
    const percent = Math.min(PROGRESS.ceiling, this.state.percent + step);
    this.set({ ...this.state, percent });
    if (percent > PROGRESS.holdAbove) this.stopTicker();
  }

  private end(failed: boolean): void {
    this.clear();
    this.set({ percent: 100, visible: true, failed });
    this.timers.push(
      setTimeout(() => {
        this.set({ ...this.state, visible: false });
        this.timers.push(setTimeout(() => this.set(IDLE), PROGRESS.resetAfterMs));
      }, PROGRESS.hideAfterMs),
    );
  }

  private stopTicker(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private clear(): void {
    this.stopTicker();
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private set(s: ProgressState): void {
    this.state = s;
    this.onChange(s);
  }
}
