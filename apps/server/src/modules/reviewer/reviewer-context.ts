import { can, ExamRole, ExamType, type MarkScale, type Principal, type ReviewerItem } from '@yj/contracts';
import { assertAllows } from '../../lib/subject-state';
import type { Db } from '../../infra/db';
import { maskPhone } from '../../lib/crypto';
import { actsForSchool, showsPhonesOf } from '../exam/exam-school';
import type { ExamService } from '../exam/exam.service';
import type { ReviewerRow } from './reviewer.repo';

/** What every assignment call needs about the subject, its exam and the asker. */
export interface AssignContext {
  subjectId: number;
  examId: number;
  status: number;
  joint: boolean;
  /** the exam's schools the asker acts for: their teachers may be chosen (issue 19) */
  actingSchoolIds: number[];
  allSchoolIds: number[];
  /** whether a person's phone of this school is shown whole */
  showsPhone: (schoolId: number | null) => boolean;
}

export async function assignContext(
  exams: ExamService,
  subjectId: number,
  p: Principal,
  db?: Db,
): Promise<AssignContext> {
  const s = await exams.subjectRow(subjectId, db);
  const e = await exams.requireExam(s.examId);
  const schools = await exams.schools(e.id);
  const joint = e.type === ExamType.joint || e.schoolId === null;
  const scope = { examId: e.id, subjectId, ...(e.schoolId ? { schoolId: e.schoolId } : {}) };
  const examWide = can(p, 'exam.phone.view', scope);
  return {
    subjectId,
    examId: e.id,
    status: s.status,
    joint,
    actingSchoolIds: schools.filter((x) => actsForSchool(p, e, x.id)).map((x) => x.id),
    allSchoolIds: schools.map((x) => x.id),
    // a joint exam's people come from several schools: whole phones only where the asker may see that school's
    showsPhone: (schoolId) =>
      !joint ? examWide : schoolId === null ? can(p, 'school.phone.view', {}) : showsPhonesOf(p, e, schoolId),
  };
}

/** Markers and leaders change until the subject is done; after that the marks are final. */
export function requireChangeable(ctx: AssignContext): void {
  assertAllows(ctx.status, 'assignMarkers');
}

export function toReviewerItem(
  r: ReviewerRow,
  showsPhone: (schoolId: number | null) => boolean,
): ReviewerItem {
  return {
    userId: r.userId,
    name: r.name,
    phone: showsPhone(r.schoolId) ? r.phone : maskPhone(r.phone),
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    quota: r.quota,
    classIds: r.classIds,
  };
}

/** A joint exam's scale read back from its markers' school; no markers yet: 校内阅卷, the default. */
export function scaleOf(rows: ReviewerRow[], joint: boolean): MarkScale | null {
  if (!joint) return null;
  const markers = rows.filter((r) => r.role === ExamRole.reviewers);
  if (!markers.length) return 'school';
  return markers.some((r) => r.schoolId !== null) ? 'school' : 'mixed';
}

/**
 * The average split's share of each marker: every paper once per mark slot (twice when double-marked),
 * rounded up so no paper is left over; null while there are no papers to divide.
 */
export function averageQuota(papers: number, markCount: number, markers: number): number | null {
  if (!papers || !markers) return null;
  return Math.ceil((markCount * papers) / markers);
}

/**
 * The papers a marker may take in a block now: an average share follows the papers scanned so far, a free
 * claim without a quota of its own takes the block's quota; by class there is no count limit.
 */
export function effectiveQuota(
  b: { assignMode: string; markCount: number; quota: number | null },
  stored: number | null,
  papers: number,
  markers: number,
): number | null {
  if (b.assignMode === 'average') return averageQuota(papers, b.markCount, markers);
  if (b.assignMode === 'free') return stored ?? b.quota;
  return stored;
}
