const HOUR = 3_600_000;

/**
 * 份/小时 of this sitting: submits of the last hour over the time they took; a sitting shorter than an hour
 * counts from its start, and a first minute counts as a whole minute (no 600 份/小时 after one quick paper).
 */
export function perHour(submittedAt: readonly number[], startedAt: number, now: number): number {
  const since = Math.max(startedAt, now - HOUR);
  const count = submittedAt.filter((t) => t >= since && t <= now).length;
  if (!count) return 0;
  const span = Math.max(now - since, 60_000);
  return Math.round((count * HOUR) / span);
}
