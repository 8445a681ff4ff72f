import { isRecord } from './errors';

/** Paths answered outside the envelope (spec §7 "portal paths return the whole body"). */
export function isPortalPath(path: string): boolean {
  return /^\/(filter\/)?portal(\/|$)/.test(path);
}

/**
 * Spec §7: code 0 → data (the whole envelope when data is null); no code → the whole body;
 * portal paths → the whole body; anything else rejects with the body.
 */
export function applyEnvelope(path: string, body: unknown): unknown {
  if (!isRecord(body) || !('code' in body)) return body;
  if (body.code === 0) return body.data ?? body;
  if (isPortalPath(path)) return body;
  throw body;
}
