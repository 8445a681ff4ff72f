import {
  publishContract as pc,
  scoreContract as c,
  type ScoreAdjustBody,
  type ScoreKaohaoBody,
  type ScoreSort,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

export interface StudentsQuery {
  page: number;
  size: number;
  classId?: number;
  keyword?: string;
  sort: ScoreSort;
  order: 'asc' | 'desc';
}

const subject = (id: number) => ({ params: { id } });
const exam = (examId: number) => ({ params: { examId } });

/** Every /filter call of the score screens (subject/{subjectId}/score). */
export const scoreApi = {
  summary: (subjectId: number) => callRoute(c.summary, subject(subjectId)),
  students: (subjectId: number, q: StudentsQuery) =>
    callRoute(c.students, { ...subject(subjectId), query: { ...q, keyword: q.keyword || undefined } }),
  check: (subjectId: number) => callRoute(c.check, subject(subjectId)),
  /** 成绩核查's lists to look over before publishing */
  review: (subjectId: number) => callRoute(c.review, subject(subjectId)),
  adjust: (subjectId: number, body: ScoreAdjustBody) => callRoute(c.adjust, { ...subject(subjectId), body }),
  adjustments: (subjectId: number, page: number) =>
    callRoute(c.adjustments, { ...subject(subjectId), query: { page, size: 50 } }),
  moveKaohao: (subjectId: number, body: ScoreKaohaoBody) =>
    callRoute(c.moveKaohao, { ...subject(subjectId), body }),
  kaohaoMoves: (subjectId: number, page: number) =>
    callRoute(c.kaohaoMoves, { ...subject(subjectId), query: { page, size: 50 } }),
  recompute: (subjectId: number) => callRoute(c.recompute, subject(subjectId)),
  irregular: (subjectId: number, examineeId: number, reason: string) =>
    callRoute(c.irregular, { ...subject(subjectId), body: { examineeId, reason } }),
  irregularCancel: (subjectId: number, examineeId: number) =>
    callRoute(c.irregularCancel, { ...subject(subjectId), body: { examineeId } }),
  irregulars: (subjectId: number, page: number) =>
    callRoute(c.irregulars, { ...subject(subjectId), query: { page, size: 50 } }),
};

/** Publishing (spec §4, §7 release / batch release / delay publish, xianyuehousao tongfen and its cancel). */
export const publishApi = {
  state: (subjectId: number) => callRoute(pc.state, subject(subjectId)),
  release: (subjectId: number) => callRoute(pc.release, subject(subjectId)),
  cancel: (subjectId: number) => callRoute(pc.cancel, subject(subjectId)),
  delay: (subjectId: number, publishAt: string | null) =>
    callRoute(pc.delay, { ...subject(subjectId), body: { publishAt } }),
  tongfen: (subjectId: number) => callRoute(pc.tongfen, subject(subjectId)),
  tongfenCancel: (subjectId: number) => callRoute(pc.tongfenCancel, subject(subjectId)),
  examRows: (examId: number) => callRoute(pc.examRows, exam(examId)),
  batch: (examId: number, subjectIds: number[]) =>
    callRoute(pc.batch, { ...exam(examId), body: { subjectIds } }),
};
