import { createHash } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { PaperScoreHook } from '../score-compute/score-compute';
import { isObjective } from './online-rules';
import type { onlinePaperRepo } from './online-paper.repo';
import type { onlinePhotoRepo, PhotoRow } from './online-photo.repo';
import { typedPage, typedPageHeight, typedPageIndex, typedPageResult, typedRegions } from './online-typed';

interface Question {
  no: string;
  kind: string;
}

/**
 * An online hand-in as a paper (issue 34): the answers become the examinee's `paper` under the school's 'online'
 * batch — the choices in `paper.objective` (scored with the scanned papers), each written answer a typed page —
 * so scores, marking and reports take online examinees as they take scanned ones. A reopened and handed-in-again
 * attempt replaces its paper's answers and pages. A paper subject's 补考 hand-in also clears the examinee's 缺考
 * (audited) and sets its blocks' typed regions (the cut of its online papers; the scanned keep theirs).
 */
export function onlinePapers(d: {
  storage: Storage;
  repo: typeof onlinePaperRepo;
  photos: typeof onlinePhotoRepo;
  audit: AuditService;
  /** a paper subject's 补考 paper derives its examinee's score at once, as a recognised sheet does */
  scores: PaperScoreHook;
}) {
  /** The question's photos with their stored bytes (a photo missing from storage is left off, not fatal). */
  async function withBytes(rows: PhotoRow[]) {
    const out = [];
    for (const p of rows) {
      const bytes = await d.storage.get(p.storageKey);
      if (bytes) out.push({ ...p, bytes });
    }
    return out;
  }

  return {
    async handIn(
      tx: Db,
      a: { subjectId: number; attemptId: number; examineeId: number; at: Date },
      questions: Question[],
      answers: { no: string; value: string }[],
    ): Promise<number> {
      const r = d.repo(tx);
      const x = await r.examinee(a.examineeId);
      if (!x) return 0;
      const live = await r.livePaper(a.subjectId, a.examineeId);
      // a sheet scanned meanwhile (a paper subject's 补考) stays their paper: never replaced by the hand-in, and
      // the school is told in the audit that the answers handed in online are kept but count for nothing
      if (live && !live.online) {
        await d.audit.record(tx, {
          action: 'subject.online.makeupHandInNotCounted',
          examId: x.examId,
          schoolId: x.schoolId,
          target: `examinee:${a.examineeId}`,
          detail: {
            subjectId: a.subjectId,
            kaohao: x.kaohao,
            scannedPaperId: live.id,
            attemptId: a.attemptId,
          },
        });
        return 0;
      }
      const value = new Map(answers.map((v) => [v.no, v.value]));
      const objective = Object.fromEntries(
        questions.filter((q) => isObjective(q.kind)).map((q) => [q.no, [...(value.get(q.no) ?? '')].sort()]),
      );
      const batchId = await r.batch(a.subjectId, x.schoolId);
      const paperId = await r.savePaper(
        { subjectId: a.subjectId, schoolId: x.schoolId, batchId, examineeId: a.examineeId, kaohao: x.kaohao },
        { objective, paperType: x.paperType },
        live?.id ?? null,
      );
      const stamp = a.at.getTime().toString(36);
      const photos = byQuestion(await d.photos(tx).photos(a.attemptId));
      const pages = [];
      const index = typedPageIndex(questions);
      const heights = new Map<number, number>();
      for (const [no, position] of index) {
        const drawn = await withBytes(photos.get(no) ?? []);
        heights.set(position, typedPageHeight(value.get(no) ?? '', drawn));
        const bytes = await typedPage(no, value.get(no) ?? '', drawn);
        const storageKey = `online/${a.subjectId}/${paperId}/${stamp}-${position}.jpg`;
        await d.storage.put(storageKey, bytes);
        // the paper in the hash: two students typing the same answer are two pages
        const sha256 = createHash('sha256')
          .update(`${paperId}:${stamp}:${position}:`)
          .update(bytes)
          .digest('hex');
        pages.push({
          position,
          storageKey,
          sha256,
          fileName: `第${no}题.jpg`,
          result: typedPageResult(position),
        });
      }
      await r.replacePages(a.subjectId, batchId, paperId, pages);
      if ((await r.subjectMode(a.subjectId)) === 'paper') {
        await growTypedRegions(tx, a.subjectId, d.repo, d.photos, questions, heights);
        // they sat: a 缺考 registered for them no longer makes their score absent
        const absentCleared = await r.clearAbsence(a.subjectId, a.examineeId);
        await d.audit.record(tx, {
          action: 'subject.online.makeupHandIn',
          examId: x.examId,
          schoolId: x.schoolId,
          target: `examinee:${a.examineeId}`,
          detail: { subjectId: a.subjectId, kaohao: x.kaohao, paperId, absentCleared },
        });
        await d.scores(tx, paperId);
      }
      return paperId;
    },
  };
}
export type OnlinePapers = ReturnType<typeof onlinePapers>;

/**
 * 开始阅卷 of an online subject (its start port): each block cut from its questions' whole typed pages, each page
 * region as tall as the tallest page drawn for that question (from the answers handed in: the same drawing rule).
 * A paper subject's 补考 hand-in writes them as the blocks' `typedRegions` (its online papers'), not `regions`.
 */
export async function onlineBlockRegions(
  tx: Db,
  subjectId: number,
  repo: typeof onlinePaperRepo,
  photos: typeof onlinePhotoRepo,
  questions: Question[],
  column: 'regions' | 'typedRegions' = 'regions',
): Promise<void> {
  const r = repo(tx);
  const index = typedPageIndex(questions);
  const heights = new Map<number, number>();
  // each handed-in answer's page: its text and its photos, by attempt and question
  const pages = new Map<string, { no: string; text: string; photos: PhotoRow[] }>();
  const pageOf = (attemptId: number, no: string) => {
    const k = `${attemptId}:${no}`;
    if (!pages.has(k)) pages.set(k, { no, text: '', photos: [] });
    return pages.get(k)!;
  };
  for (const a of await r.handedInAnswers(subjectId)) pageOf(a.attemptId, a.no).text = a.value;
  for (const p of await photos(tx).handedInPhotos(subjectId)) pageOf(p.attemptId, p.no).photos.push(p);
  for (const a of pages.values()) {
    const page = index.get(a.no);
    if (page !== undefined)
      heights.set(page, Math.max(heights.get(page) ?? 0, typedPageHeight(a.text, a.photos)));
  }
  for (const b of await r.blocks(subjectId))
    await r.setRegions(b.id, typedRegions(b.nos, index, heights), column);
}

/**
 * A paper subject's 补考 hand-in: its blocks' typed regions grown to this paper's pages (`heights`, by page index),
 * not drawn again from every answer handed in — a time-out sweep hands in many at once. The blocks are locked, so two
 * hand-ins at once grow them in turn (neither's height lost). A block without typed regions (none yet, or 题块设置
 * rewrote the blocks) has them drawn from every answer, as 开始阅卷 does again anyway.
 */
export async function growTypedRegions(
  tx: Db,
  subjectId: number,
  repo: typeof onlinePaperRepo,
  photos: typeof onlinePhotoRepo,
  questions: Question[],
  heights: Map<number, number>,
): Promise<void> {
  const r = repo(tx);
  const blocks = await r.blocks(subjectId, true);
  if (blocks.some((b) => !b.typedRegions)) {
    await onlineBlockRegions(tx, subjectId, repo, photos, questions, 'typedRegions');
    return;
  }
  const index = typedPageIndex(questions);
  for (const b of blocks) {
    const stored = b.typedRegions!;
    const grown = new Map(heights);
    for (const s of stored) grown.set(s.page, Math.max(s.h, grown.get(s.page) ?? 0));
    const next = typedRegions(b.nos, index, grown);
    if (JSON.stringify(next) !== JSON.stringify(stored)) await r.setRegions(b.id, next, 'typedRegions');
  }
}

/** Photos by question, each list in its order. */
function byQuestion(rows: PhotoRow[]): Map<string, PhotoRow[]> {
  const out = new Map<string, PhotoRow[]>();
  for (const p of rows) out.set(p.no, [...(out.get(p.no) ?? []), p]);
  return out;
}
