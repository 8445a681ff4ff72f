import type { FastifyRequest } from 'fastify';
import type { Scope } from '@yj/contracts';
import { fail } from '../../errors';
import type { ExamRepo } from './exam.repo';

// An exam's owning school and a subject's exam never change, so the lookups are cached for the process.
const MAX_CACHED = 20_000;

/** Scope resolvers for exam and subject routes: the ids the capability table needs, from the path. */
export function examScopes(repo: Pick<ExamRepo, 'schoolOf' | 'examOfSubject'>) {
  const examSchool = new Map<number, number | null>();
  const subjectExam = new Map<number, number>();
  const remember = <K, V>(m: Map<K, V>, k: K, v: V) => {
    if (m.size >= MAX_CACHED) m.clear();
    m.set(k, v);
  };

  async function forExam(examId: number): Promise<Scope> {
    if (!examSchool.has(examId)) {
      const schoolId = await repo.schoolOf(examId);
      // An unknown id is a plain "not found", not 无权限: the user would otherwise hunt for a missing role.
      if (schoolId === undefined) throw fail('examNotFound');
      remember(examSchool, examId, schoolId);
    }
    const schoolId = examSchool.get(examId);
    return schoolId ? { examId, schoolId } : { examId };
  }

  async function forSubject(subjectId: number): Promise<Scope> {
    if (!subjectExam.has(subjectId)) {
      const examId = await repo.examOfSubject(subjectId);
      if (examId === undefined) throw fail('subjectNotFound');
      remember(subjectExam, subjectId, examId);
    }
    return { ...(await forExam(subjectExam.get(subjectId)!)), subjectId };
  }

  const num = (v: unknown) => Number(v);
  return {
    forExam,
    forSubject,
    /** from :examId in the path */
    examParam: (req: FastifyRequest) => forExam(num((req.params as { examId: unknown }).examId)),
    /** from examId in the body */
    examBody: (req: FastifyRequest) => forExam(num((req.body as { examId: unknown }).examId)),
    /** from :id or :subjectId in the path */
    subjectParam: (req: FastifyRequest) => {
      const p = req.params as { id?: unknown; subjectId?: unknown };
      return forSubject(num(p.subjectId ?? p.id));
    },
  };
}
export type ExamScopes = ReturnType<typeof examScopes>;
