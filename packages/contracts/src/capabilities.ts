/**
 * The one capability table (DESIGN.md §7): who may do what, on which scope.
 * The server checks it on every route; the web uses the same table to hide what it forbids.
 */
export type Who = 'user' | 'admin' | 'schoolAdmin' | 'teacher' | 'examRole';
export type ScopeKind = 'any' | 'school' | 'exam' | 'subject';

export interface Rule {
  who: Who;
  /** which scope id must match the principal's grant; 'any' needs none */
  scope: ScopeKind;
  /** exam role indices (spec §3) when who is 'examRole' */
  roles?: readonly number[];
}

export const CAPABILITY_TABLE = {
  /** own profile, password, avatar, messages */
  'account.self': [{ who: 'user', scope: 'any' }],
  /** home page: exams the user takes part in */
  'home.read': [{ who: 'user', scope: 'any' }],
  /** edit the system notice */
  'notice.edit': [{ who: 'admin', scope: 'any' }],
  /** students, teachers, administrators, grades and classes of a school: change */
  'school.manage': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
  /** grade and class lists of a school: read */
  'school.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'teacher', scope: 'school' },
  ],
  /** see teachers' and administrators' phones unmasked */
  'school.phone.view': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
  /** the organisation tree (bureaus and their schools), for joint exams */
  'org.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
  ],
  /** create an exam for a school */
  'exam.create': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
  /** create a joint exam across schools */
  'exam.createJoint': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
  ],
  /** see an exam, its subjects and examinees */
  'exam.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
  ],
  /** edit, copy, hide, delete an exam; examinees; roles */
  'exam.manage': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
  ],
  /** see examinees' and staff phones unmasked */
  'exam.phone.view': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
  ],
  /** download scores and reports */
  'score.download': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 9] },
    { who: 'examRole', scope: 'subject', roles: [3] },
  ],
  /** questions, templates, blocks and answers of a subject */
  'subject.setting.edit': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
    { who: 'examRole', scope: 'subject', roles: [3] },
  ],
  /** scan and fix recognition exceptions */
  'subject.scan': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
    { who: 'examRole', scope: 'subject', roles: [2, 3] },
  ],
  /** mark papers of a subject */
  'subject.mark': [{ who: 'examRole', scope: 'subject', roles: [3, 4, 6] }],
  /** arbitration, problem papers and quality checks of a subject */
  'subject.lead': [
    { who: 'examRole', scope: 'subject', roles: [3, 6, 7] },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
  ],
  /** create education bureaus and schools */
  'system.manage': [{ who: 'admin', scope: 'any' }],
  /** school statistics card */
  'school.statistics.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
} as const satisfies Record<string, readonly Rule[]>;

export type Capability = keyof typeof CAPABILITY_TABLE;

export interface ExamRoleGrant {
  examId: number;
  subjectId: number | null;
  schoolId: number | null;
  role: number;
}

/** What a signed-in user holds; computed on the server per request. */
export interface Principal {
  userId: number;
  isAdmin: boolean;
  schoolAdminOf: readonly number[];
  teacherOf: readonly number[];
  examRoles: readonly ExamRoleGrant[];
}

/** The ids a request acts on; a rule with a scope needs the matching id. */
export interface Scope {
  schoolId?: number;
  examId?: number;
  subjectId?: number;
}

function ruleAllows(rule: Rule, p: Principal, scope: Scope): boolean {
  switch (rule.who) {
    case 'user':
      return true;
    case 'admin':
      return p.isAdmin;
    case 'schoolAdmin':
      return rule.scope === 'any'
        ? p.schoolAdminOf.length > 0
        : scope.schoolId !== undefined && p.schoolAdminOf.includes(scope.schoolId);
    case 'teacher':
      return rule.scope === 'any'
        ? p.teacherOf.length > 0
        : scope.schoolId !== undefined && p.teacherOf.includes(scope.schoolId);
    case 'examRole':
      return p.examRoles.some(
        (g) =>
          (rule.roles ?? []).includes(g.role) &&
          (rule.scope !== 'exam' || g.examId === scope.examId) &&
          (rule.scope !== 'subject' ||
            (g.examId === scope.examId && (g.subjectId === null || g.subjectId === scope.subjectId))) &&
          (rule.scope !== 'school' || g.schoolId === null || g.schoolId === scope.schoolId),
      );
  }
}

/** True when some rule of the capability allows the principal on that scope. */
export function can(p: Principal, capability: Capability, scope: Scope = {}): boolean {
  const rules: readonly Rule[] = CAPABILITY_TABLE[capability];
  return rules.some((r) => ruleAllows(r, p, scope));
}
