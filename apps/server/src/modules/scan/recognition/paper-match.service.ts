import type { Db } from '../../../infra/db';
import type { BatchSheetRow, NewException, PaperRow, scanRepo } from '../scan.repo';
import { roomOutliers } from './room-order';

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
     * The room-order check (room-order.ts) of a batch whose last paper is recognised: a sheet whose examinee sits
     * in another room (class, where the list has no rooms) than the sheets either side of it gets a 考号
     * exception, and a person compares the name written on it. Runs inside the last paper's transaction, which
     * holds the batch's lock; a batch whose chunks come later, or recognised again, is checked again.
     */
    async checkBatch(tx: Db, p: Pick<PaperRow, 'batchId' | 'subjectId' | 'schoolId'>): Promise<void> {
      const r = d.scan(tx);
      const rows = await r.sheetsOfBatch(p.batchId);
      const named = rows.filter((x) => x.name !== null);
      const byRoom = named.length > 0 && named.filter((x) => x.kaochang).length * 2 >= named.length;
      const roomOf = (x: BatchSheetRow) => (byRoom ? x.kaochang : x.className) || null;
      const lone = roomOutliers(rows.map((x) => ({ ...x, room: x.name === null ? null : roomOf(x) })));
      if (!lone.length) return;
      const sheet = new Map(rows.map((x) => [x.paperId, x]));
      const pages = await r.firstPages(lone.map((x) => x.paperId));
      const where = (room: string) => (byRoom && !room.includes('考场') ? `考场 ${room}` : room);
      const by = byRoom ? 'kaochang' : 'class';
      const at = { subjectId: p.subjectId, schoolId: p.schoolId, batchId: p.batchId, region: '考号' };
      await r.insertExceptions(
        lone.map(({ paperId, room, around }): NewException => {
          const { kaohao, name } = sheet.get(paperId)!;
          const reason = `考号 ${kaohao}（${name}）属${where(room)}，本批前后的答卷都属${where(around)}，可能填错了考号：请核对答卷上的姓名`;
          const detail = { kaohao: kaohao ?? undefined, room: { by, of: room, around } };
          return { ...at, paperId, pageId: pages.get(paperId) ?? null, type: 'kaohao', reason, detail };
        }),
      );
      await r.markException(lone.map((x) => x.paperId));
    },
  };
}
export type PaperMatchService = ReturnType<typeof paperMatchService>;
