import { bureauHasSchool, can, type Principal } from '@yj/contracts';
import { fail } from '../../errors';

/**
 * Whether someone who already manages an exam may act on one school's people in it: take its classes in
 * as examinees, list its teachers, give roles for it. The exam's own school: yes (the route checked
 * exam.manage on it). Another school of a joint exam only with a role in that school — its administrator
 * or teacher, a role in this exam given for that school, or a system admin — so a joint exam never opens
 * one school's roster to another (issue 19). Roles for a school are given only by someone who acts for it,
 * so the rule cannot be bootstrapped from inside the exam.
 */
export function actsForSchool(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  schoolId: number,
): boolean {
  if (exam.schoolId === schoolId || can(p, 'school.manage', { schoolId }) || p.teacherOf.includes(schoolId))
    return true;
  if (bureauHasSchool(p, schoolId)) return true;
  return p.examRoles.some((g) => g.examId === exam.id && g.schoolId === schoolId);
}

/** Refuses unless the principal acts for every one of the schools (see actsForSchool). */
export function requireActsForSchools(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  schools: Array<{ id: number; name: string }>,
): void {
  const denied = schools.filter((s) => !actsForSchool(p, exam, s.id));
  if (denied.length) throw fail('noDutyInSchools', { schools: denied.map((s) => `“${s.name}”`).join('、') });
}

/**
 * Who may put schools into a joint exam: a system admin any school, a school's administrator only the
 * schools they administer, a bureau's administrator the schools under the bureau (issue 35).
 */
export function mayIncludeSchool(p: Principal, schoolId: number): boolean {
  return can(p, 'school.manage', { schoolId }) || bureauHasSchool(p, schoolId);
}

/**
 * The bureau that runs a joint exam of these schools: of the bureaus the creator administers, the narrowest
 * holding every school (null: none does, the exam belongs to no bureau). Its administrators and those above
 * it see the exam as its creator (principal.repo.ts).
 */
export function owningBureau(p: Principal, schoolIds: readonly number[]): number | null {
  const holding = (p.bureaus ?? []).filter((b) => schoolIds.every((id) => b.schools.includes(id)));
  holding.sort((a, b) => a.schools.length - b.schools.length);
  return holding[0]?.orgId ?? null;
}

/** Phones of a school's people are shown whole only to those who may see them at that school (spec §6). */
export function showsPhonesOf(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  schoolId: number,
): boolean {
  if (can(p, 'school.phone.view', { schoolId })) return true;
  return exam.schoolId === schoolId && can(p, 'exam.phone.view', { examId: exam.id, schoolId });
}
