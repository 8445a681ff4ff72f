/**
 * 考号填错 that the exam-number list cannot catch (DESIGN.md §4, "A sheet out of its batch's room"): a student
 * who fills one digit wrong gets another student's number. When that student's sheet comes later the two
 * collide (考号重复, raised); when that student is absent nothing collides, and the sheet's marks would be
 * counted for the absent student while its writer shows as not scanned. Sheets are collected and scanned room by
 * room (or class by class), so such a sheet stands alone among its batch's sheets: the sheets before and after
 * it are of one other room. Pure: the batch's sheets in, the ones a person should look at out.
 */

/** One recognised sheet of a batch, in scan order. */
export interface BatchSheet {
  paperId: number;
  /** its examinee's room (or class): null where the sheet has no examinee or the examinee no room */
  room: string | null;
  /** a person gave the sheet its examinee (a settled 考号 exception): context, never raised */
  trusted: boolean;
  /** already raised for this, or its exam number already waits on a person: not raised again */
  raised: boolean;
}

export interface RoomOutlier {
  paperId: number;
  room: string;
  /** the room of the sheets either side of it */
  around: string;
}

/** Fewer sheets with a room than this and a batch says nothing of its order. */
export const MIN_SHEETS = 10;
/**
 * At most one lone sheet in this many: more, and the batch is not in room order (sheets of two rooms shuffled
 * together leave lone sheets everywhere) rather than in order with a few wrong numbers.
 */
export const SHEETS_PER_OUTLIER = 20;

/**
 * The sheets of a batch in room order that stand alone: its neighbours both of one other room. The batch counts
 * as in room order when, the lone sheets set aside, every room's sheets lie together (one run a room), and the
 * lone sheets are at most one in SHEETS_PER_OUTLIER. Sheets without a room are passed over.
 */
export function roomOutliers(sheets: readonly BatchSheet[]): RoomOutlier[] {
  const s = sheets.filter((x): x is BatchSheet & { room: string } => x.room !== null);
  if (s.length < MIN_SHEETS) return [];
  const lone = new Set<number>();
  for (let i = 1; i + 1 < s.length; i++) {
    const before = s[i - 1]!.room;
    if (before === s[i + 1]!.room && before !== s[i]!.room) lone.add(i);
  }
  if (lone.size > Math.max(1, Math.floor(s.length / SHEETS_PER_OUTLIER))) return [];
  const rest = s.filter((_, i) => !lone.has(i));
  let runs = 0;
  rest.forEach((x, i) => {
    if (i === 0 || rest[i - 1]!.room !== x.room) runs++;
  });
  if (runs !== new Set(rest.map((x) => x.room)).size) return [];
  return [...lone]
    .filter((i) => !s[i]!.trusted && !s[i]!.raised)
    .map((i) => ({ paperId: s[i]!.paperId, room: s[i]!.room, around: s[i - 1]!.room }));
}
