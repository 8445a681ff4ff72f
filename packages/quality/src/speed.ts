/** Progress figures: speed and the estimated finish. */

/** Papers per hour from `count` marks over `ms` milliseconds; null when no time passed. */
export function perHour(count: number, ms: number): number | null {
  if (ms <= 0) return count > 0 ? null : 0;
  return Math.round(((count * 3_600_000) / ms) * 10) / 10 + 0;
}

/**
 * The estimated finish: remaining marks at the recent speed (the last 10 minutes), else the overall speed;
 * null when nothing is being marked. Returns epoch milliseconds.
 */
export function estimatedFinish(
  remaining: number,
  recentPerHour: number | null,
  overallPerHour: number | null,
  now: number,
): number | null {
  if (remaining <= 0) return now;
  const speed = recentPerHour && recentPerHour > 0 ? recentPerHour : overallPerHour;
  if (!speed || speed <= 0) return null;
  return Math.round(now + (remaining / speed) * 3_600_000);
}

/** Share done (0…1), null for nothing to do. */
export function doneShare(done: number, total: number): number | null {
  return total > 0 ? Math.round((done / total) * 10000) / 10000 + 0 : null;
}
