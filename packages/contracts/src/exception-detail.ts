import { z } from 'zod';
import type { ScanExceptionTypeValue, ScanResolution } from './scan';

// What scan_exception.detail holds, per kind of exception (DESIGN.md §4): what recognition read when it raised
// the exception, and once settled, how (resolution) and with what a person gave. Readers parse it at the
// repository (apps/server/src/db/stored.ts readExceptionDetail). Objects are loose: a key added later to a
// kind's detail is kept as it is, never dropped on the way to the screen.

const int = z.number().int();

const RESOLUTIONS = [
  'assigned',
  'kept',
  'setAside',
  'answered',
  'absentConfirmed',
  'absentCleared',
  'paperType',
  'optional',
  'rescan',
  'replaced',
  'scored',
  'accepted',
  'otherTakenOut',
] as const satisfies readonly ScanResolution[];

/** Once settled: how, and what the person gave (the fix's extra, merged in by the repository). */
const settled = {
  resolution: z.enum(RESOLUTIONS).optional(),
  /** assigned (考号): the examinee the paper went to */
  examineeId: int.optional(),
  /** answered (客观题) */
  answer: z.array(z.string()).optional(),
  /** absentConfirmed / absentCleared (缺考) */
  absentMarked: z.boolean().optional(),
  /** paperType (AB卷) */
  paperType: z.string().optional(),
  /** optional (选做题) */
  chosen: z.string().optional(),
  /** scored (打分栏) */
  score: z.number().optional(),
};

/** The fill of each bubble of the region, in order, when recognition read bubbles there. */
const read = { fills: z.array(z.number()).optional() };

const plain = z.looseObject({ ...read, ...settled });

export const ScanExceptionDetailSchemas = {
  location: plain,
  /**
   * 考号异常: the number read, when one was (not in the list, another school's); `room`: the sheet's examinee sits
   * in another room (or class) than the sheets either side of it in its batch (room-order.ts); `seat`: the sheet
   * breaks its room's seat order, found between `before` and `after` where the `likely` writers, one slip of the
   * pencil from its number, have no sheet (seat-order.ts)
   */
  kaohao: z.looseObject({
    ...read,
    ...settled,
    kaohao: z.string().optional(),
    room: z.object({ by: z.enum(['kaochang', 'class']), of: z.string(), around: z.string() }).optional(),
    seat: z
      .object({
        before: z.string(),
        after: z.string(),
        likely: z.array(z.object({ examineeId: int, kaohao: z.string(), name: z.string() })),
      })
      .optional(),
  }),
  /** 考号重复: the number, its examinee and the paper they already have */
  kaohaoRepeat: z.looseObject({ ...settled, kaohao: z.string(), examineeId: int, otherPaperId: int }),
  objective: plain,
  ab: plain,
  optional: plain,
  /** 缺考: a mark read, or a sheet of an examinee recorded absent (examineeId) */
  absent: plain,
  /** 主观题异常: a doubtful 打分栏 or answer box, or a 问题卷 a marking leader sent to the scanning staff */
  subjective: z.looseObject({
    ...read,
    ...settled,
    source: z.literal('marking').optional(),
    taskId: int.optional(),
    blockId: int.optional(),
  }),
  blank: plain,
  /**
   * 页面异常: another card's page, or (`foreign`, paper-pages.ts) another student's page cut into this paper — a card
   * page met twice (a one-sided scan of two-sided cards) or another exam number — or (`again`, same-sheet.ts) one
   * sheet whose scan is also in the paper `otherPaperId` (two sheets fed together, the second scanned again) — or
   * (`shifted`) a sheet's back with the next sheet's front, after a page left alone in the batch's flow
   */
  wrongPage: z.looseObject({
    ...read,
    ...settled,
    foreign: z.enum(['twice', 'kaohao', 'again', 'shifted']).optional(),
    otherPaperId: int.optional(),
  }),
  image: plain,
} satisfies Record<ScanExceptionTypeValue, z.ZodType>;

export type ScanExceptionDetailOf<K extends ScanExceptionTypeValue> = z.infer<
  (typeof ScanExceptionDetailSchemas)[K]
>;
/** scan_exception.detail of any kind. */
export type StoredExceptionDetail = ScanExceptionDetailOf<ScanExceptionTypeValue>;
