/** Spec §4: the unread count shown never goes below 0, whatever the server or an optimistic update says. */
export function clampUnread(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
