import {
  mismatchMessages,
  OVERRIDABLE_START_PROBLEMS,
  ReviewStartProblemKind as K,
  type ReviewStartProblem,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { TemplateFit } from '../template/template.module';
import type { subjectRepo } from './subject.repo';

/** The examinees of these schools neither scanned nor recorded absent in the subject (the scan module's). */
export type ScanMissing = (db: Db, examId: number, subjectId: number, schoolIds: number[]) => Promise<number>;
/** 开始阅卷 of an online subject (the 在线考试 module): expired attempts handed in (refused while anyone sits), blocks given their typed pages as regions. */
export type OnlineRegions = (db: Db, subjectId: number) => Promise<void>;
/** What 开始阅卷 asks of other modules. */
export interface StartPorts {
  scanMissing: ScanMissing;
  templateFit: TemplateFit;
  onlineRegions?: OnlineRegions;
  /** 开始阅卷 of a paper subject (the 在线考试 module): its 补考 handed in or over, none answering */
  makeupStart?: OnlineRegions;
}

const listed = (names: string[], max = 5): string =>
  names.slice(0, max).join('、') + (names.length > max ? ` 等` : '');

/**
 * What stands in the way of 开始阅卷 (DESIGN.md §3/§5), each reason with its count: scanning not confirmed
 * finished in some schools (with the examinees not scanned there), subjective questions in no block,
 * blocks without regions or markers, papers an open 定位 / 考号 exception leaves without an image, and objective
 * questions a template reads otherwise than 题目设置 (fixed only in 设置中, so found before marking starts).
 * Read inside the start's transaction, after the subject row is locked.
 */
export async function reviewStartProblems(
  db: Db,
  s: { id: number; examId: number; mode?: string },
  ports: StartPorts,
  subjects: typeof subjectRepo,
): Promise<ReviewStartProblem[]> {
  const repo = subjects(db);
  const out: ReviewStartProblem[] = [];
  // an online subject (issue 34) is handed in, not scanned: no 扫描完成, template or cut exceptions to wait
  // for, and its blocks are cut from the typed pages of their questions
  const online = s.mode === 'online';
  if (online) await ports.onlineRegions?.(db, s.id);
  // a paper subject's 补考 examinees answer online: their papers are marked with the scanned ones
  else await ports.makeupStart?.(db, s.id);

  const unfinished = online ? [] : await repo.unfinishedSchools(s.examId, s.id);
  if (unfinished.length) {
    const missing = await ports.scanMissing(
      db,
      s.examId,
      s.id,
      unfinished.map((x) => x.id),
    );
    out.push({
      kind: K.scanUnfinished,
      count: unfinished.length,
      message: `${unfinished.length} 所学校未确认扫描完成（${listed(
        unfinished.map((x) => x.name),
        3,
      )}），共 ${missing} 名考生未扫描`,
    });
  }

  const questions = await repo.questionKinds(s.id);
  if (!questions.length) out.push({ kind: K.noQuestions, count: 1, message: '尚未设置题目' });
  const blocks = await repo.blocks(s.id);
  const inBlocks = new Set(blocks.flatMap((b) => b.nos));
  const loose = questions.filter((q) => q.kind === 'subjective' && !inBlocks.has(q.no)).map((q) => q.no);
  if (loose.length)
    out.push({
      kind: K.questionNoBlock,
      count: loose.length,
      message: `${loose.length} 道主观题未划入题块（第 ${listed(loose, 8)} 题）`,
    });
  const noRegion = blocks.filter((b) => b.regions.length === 0).map((b) => b.name);
  if (noRegion.length)
    out.push({
      kind: K.blockNoRegion,
      count: noRegion.length,
      message: `${noRegion.length} 个题块未框选切割区域（${listed(noRegion)}）`,
    });
  const noMarker = blocks.filter((b) => b.markers === 0).map((b) => b.name);
  if (noMarker.length)
    out.push({
      kind: K.blockNoMarker,
      count: noMarker.length,
      message: `${noMarker.length} 个题块未设置阅卷老师（${listed(noMarker)}）`,
    });
  const noImage = online ? 0 : await repo.papersWithoutImage(s.id);
  if (noImage)
    out.push({
      kind: K.paperNoImage,
      count: noImage,
      message: `${noImage} 份答题卡有未处理的定位或考号异常，无法切出阅卷图像`,
    });
  const mismatched = online ? [] : await ports.templateFit(db, s.id);
  if (mismatched.length)
    out.push({
      kind: K.templateMismatch,
      count: mismatched.length,
      message: `${mismatched.length} 道客观题的题型或选项与答题卡模板不一致（${mismatchMessages(mismatched).join('；')}），请在题目设置或模板中改为一致`,
    });
  return out;
}

/** The reasons left once the manager chose to start anyway (force overrides unfinished scanning only). */
export const blocking = (problems: ReviewStartProblem[], force: boolean): ReviewStartProblem[] =>
  force ? problems.filter((p) => !OVERRIDABLE_START_PROBLEMS.includes(p.kind)) : problems;

/** The refusal's message: every reason with its count, in one line. */
export const startRefusal = (problems: ReviewStartProblem[]): string =>
  `不能开始阅卷：${problems.map((p) => p.message).join('；')}`;
