import type { Db } from '../../../infra/db';
import type { BatchSheetRow, NewException, PaperRow, scanRepo } from '../scan.repo';
import { roomOutliers } from './room-order';
import { shiftedPapers } from './paper-pages';
import { compareKaohao, oneSlipApart, seatOutliers } from './seat-order';

/** What recognition read of a paper, as the matching needs it. */
export interface PaperReading {
  paper: PaperRow;
  examId: number;
  /** the examinee a person (or uploadorigin's file name) already gave the paper to */
  given: number | null;
  /** the exam number the pages read together */
  kaohao: string | null;
  /** a 缺考 mark was read */
  absent: boolean;
  /** where an exception of the paper points (its first page) */
  at: Pick<NewException, 'subjectId' | 'schoolId' | 'batchId' | 'paperId' | 'pageId'>;
  /** look the exam number up: the engine did not already flag it, and some page registered */
  ask: boolean;
}

/**
 * The examinee of a recognised paper (DESIGN.md §4): its exam number looked up in the exam's list, within the
 * paper's school, refused when that examinee already has a live paper; and the absence rule — a sheet of a
 * student recorded 缺考 that shows no mark is an exception a person settles. Runs inside the job's transaction.
 */
export function paperMatchService(d: { scan: typeof scanRepo }) {
  return {
    async match(tx: Db, x: PaperReading): Promise<{ examineeId: number | null; exceptions: NewException[] }> {
      const r = d.scan(tx);
      const { paper: p, kaohao } = x;
      const exceptions: NewException[] = [];
      let examineeId = x.given;
      const withKaohao = { ...x.at, region: '考号' };
      // the examinee's 缺考 record, read with their other live paper once they are locked
      let absent: boolean | null = null;
      if (!examineeId && x.ask) {
        const hit = kaohao ? await r.lockExaminee(x.examId, kaohao) : null;
        const state = hit ? await r.examineeState(p.subjectId, hit.id, p.id) : null;
        if (!kaohao) exceptions.push({ ...withKaohao, type: 'kaohao', reason: '未识别到考号', detail: {} });
        else if (!hit || !state)
          exceptions.push({
            ...withKaohao,
            type: 'kaohao',
            reason: `考号 ${kaohao} 不在考生名单中`,
            detail: { kaohao },
          });
        else if (hit.schoolId !== p.schoolId)
          exceptions.push({
            ...withKaohao,
            type: 'kaohao',
            reason: `考号 ${kaohao} 不是本校考生`,
            detail: { kaohao },
          });
        else if (state.otherPaper)
          exceptions.push({
            ...withKaohao,
            type: 'kaohaoRepeat',
            reason: `考号 ${kaohao} 已有答题卡`,
            detail: { kaohao, examineeId: hit.id, otherPaperId: state.otherPaper },
          });
        else {
          examineeId = hit.id;
          absent = state.absent;
        }
      }
      // a sheet of a student recorded 缺考 (by hand, or a mark confirmed before this sheet was read again)
      // that shows no mark now: one of the two is wrong, and a person says which
      if (examineeId && !x.absent) {
        absent ??= (await r.examineeState(p.subjectId, examineeId, p.id)).absent;
        if (absent)
          exceptions.push({
            ...withKaohao,
            region: null,
            type: 'absent',
            reason: '该考生已登记缺考，但扫描到了答题卡：确认缺考，或清除缺考标记',
            detail: { examineeId },
          });
      }
      return { examineeId, exceptions };
    },

    /**
     * The order checks of a batch whose last paper is recognised. A sheet whose examinee sits in another room
     * (class, where the list has no rooms) than the sheets either side of it (room-order.ts), or that breaks its
     * room's seat order where a roommate without a sheet sits one slip of the pencil from the number read
     * (seat-order.ts), gets a 考号 exception, and a person compares the name written on it. Runs inside the last
     * paper's transaction, which holds the batch's lock; a batch whose chunks come later, or recognised again, is
     * checked again.
     */
    async checkBatch(tx: Db, p: Pick<PaperRow, 'batchId' | 'subjectId' | 'schoolId'>): Promise<void> {
      const r = d.scan(tx);
      const rows = await r.sheetsOfBatch(p.batchId);
      const named = rows.filter((x) => x.name !== null);
      const byRoom = named.length > 0 && named.filter((x) => x.kaochang).length * 2 >= named.length;
      const roomOf = (x: BatchSheetRow) =>
        x.name === null ? null : (byRoom ? x.kaochang : x.className) || null;
      const placed = rows.map((x) => ({ ...x, room: roomOf(x), kaohao: x.name === null ? null : x.kaohao }));
      const lone = roomOutliers(placed);
      const loneIds = new Set(lone.map((x) => x.paperId));
      const seats = seatOutliers(placed.filter((x) => !loneIds.has(x.paperId)));
      const raised: NewException[] = [];
      const sheet = new Map(rows.map((x) => [x.paperId, x]));
      const where = (room: string) => (byRoom && !room.includes('考场') ? `考场 ${room}` : room);
      const by = byRoom ? 'kaochang' : 'class';
      const at = { subjectId: p.subjectId, schoolId: p.schoolId, batchId: p.batchId, region: '考号' };
      for (const { paperId, room, around } of lone) {
        const { kaohao, name } = sheet.get(paperId)!;
        const reason = `考号 ${kaohao}（${name}）属${where(room)}，本批前后的答卷都属${where(around)}，可能填错了考号：请核对答卷上的姓名`;
        raised.push({
          ...at,
          paperId,
          type: 'kaohao',
          reason,
          detail: { kaohao: kaohao ?? undefined, room: { by, of: room, around } },
        });
      }
      for (const { paperId, kaohao, before, after } of seats) {
        const [lo, hi] = compareKaohao(before, after) < 0 ? [before, after] : [after, before];
        const likely = (await r.unscannedBetween(p.subjectId, p.schoolId, lo, hi)).filter((x) =>
          oneSlipApart(x.kaohao, kaohao),
        );
        if (!likely.length) continue;
        const { name } = sheet.get(paperId)!;
        const them = likely.map((x) => `${x.kaohao}（${x.name}）`).join('或');
        const reason = `考号 ${kaohao}（${name}）夹在本批 ${before} 与 ${after} 之间，而那里的 ${them} 还没有答卷：可能把考号填错了一位，请核对答卷上的姓名`;
        raised.push({
          ...at,
          paperId,
          type: 'kaohao',
          reason,
          detail: { kaohao, seat: { before, after, likely } },
        });
      }
      // a page left alone in the flow (a scan stopped between a sheet's sides): the papers after it shifted by one
      for (const paperId of shiftedPapers(rows).filter((id) => !sheet.get(id)!.shiftRaised))
        raised.push({
          ...at,
          region: 'page',
          paperId,
          type: 'wrongPage',
          reason:
            '本答卷的背面在前、正面在后，且本批次前面有一份答卷同一页出现两次：可能卡纸后重新放入时重复扫描了一页，' +
            '从那里起每份答卷都是上一张纸的背面配下一张纸的正面；请核对纸质答卷，从那一份起删除并重扫，或作废本批次后重新扫描',
          detail: { foreign: 'shifted' },
        });
      if (!raised.length) return;
      const pages = await r.firstPages(raised.map((x) => x.paperId!));
      await r.insertExceptions(raised.map((x) => ({ ...x, pageId: pages.get(x.paperId!) ?? null })));
      await r.markException(raised.map((x) => x.paperId!));
    },
  };
}
export type PaperMatchService = ReturnType<typeof paperMatchService>;
