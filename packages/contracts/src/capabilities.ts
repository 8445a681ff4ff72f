/**
 * The one capability table (DESIGN.md §7): who may do what, on which scope.
 * The server checks it on every route; the web uses the same table to hide what it forbids.
 */
export type Who =
  'user' | 'admin' | 'schoolAdmin' | 'teacher' | 'examRole' | 'student' | 'parent' | 'bureauAdmin';
/**
 * The kinds of user (DESIGN.md §9): the staff, and the students and parents of 学生端 / 家长端. 'user' rules are
 * the staff's only: a student's or parent's session passes only rules naming their own kind.
 */
export type UserKind = 'staff' | 'student' | 'parent';
export type ScopeKind = 'any' | 'school' | 'exam' | 'subject';

export interface Rule {
  who: Who;
  /** which scope id must match the principal's grant; 'any' needs none */
  scope: ScopeKind;
  /** exam role indices (spec §3) when who is 'examRole' */
  roles?: readonly number[];
}

export const CAPABILITY_TABLE = {
  /** 学生端 / 家长端: the account itself (who is signed in, the children bound, password, sign-out) */
  'portal.self': [
    { who: 'student', scope: 'any' },
    { who: 'parent', scope: 'any' },
  ],
  /** published results of the student themselves, or of a parent's bound child (the portal service checks whose) */
  'portal.results': [
    { who: 'student', scope: 'any' },
    { who: 'parent', scope: 'any' },
  ],
  /** 在线考试 on 学生端: a student sits the online exams of their own exams (the online service checks which) */
  'portal.online': [{ who: 'student', scope: 'any' }],
  /** a parent binds and unbinds children */
  'portal.children': [{ who: 'parent', scope: 'any' }],
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
  /** grade and class lists of a school: read (a bureau's administrator for its schools: to choose a 联考's staff) */
  'school.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'teacher', scope: 'school' },
    { who: 'bureauAdmin', scope: 'school' },
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
    { who: 'bureauAdmin', scope: 'any' },
  ],
  /** see an exam, its subjects and examinees */
  'exam.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
  ],
  /**
   * list an exam's examinees (names, 考号, classes): its managers, scanners, subject managers, monitors and school
   * managers — not its markers, who mark papers without names and read no roster
   */
  'exam.roster.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 2, 3, 5, 8, 9] },
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
  /** see a subject's published scores as a whole (summary by class, checks): teachers and the exam's staff */
  'score.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'teacher', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 8, 9] },
    { who: 'examRole', scope: 'subject', roles: [2, 3, 4, 6, 7] },
  ],
  /**
   * students' own scores (names, 考号, per question: score/students, all_score, getExamineeList) — personal data:
   * the school's administrators, the exam's managers, monitors and school managers, a subject's manager, and a
   * teacher for the classes they teach (narrowed by `scoreReaderView`, the reports' view; a teacher who teaches
   * none of the exam's classes is refused). Not the markers as such (roles 4, 6, 7) nor the scanners.
   */
  'score.students.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'teacher', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 8, 9] },
    { who: 'examRole', scope: 'subject', roles: [3] },
  ],
  /** see scores before they are published, the checks before publishing; recompute them */
  'score.unpublished.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 9] },
    { who: 'examRole', scope: 'subject', roles: [3] },
  ],
  /** publish a subject's scores, at once or at a time, cancel publishing; 先阅后扫 统分 */
  'score.publish': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
    { who: 'examRole', scope: 'subject', roles: [3] },
  ],
  /**
   * score reports of published subjects (report_forms). A school manager and a teacher pass here for any exam;
   * the report service narrows them to their school's figures and their own classes (teacherSchedule), and
   * refuses who sees nothing of the exam.
   */
  'report.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
    { who: 'teacher', scope: 'any' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 3, 5, 8, 9] },
  ],
  /**
   * the exam's report settings (四率 lines, 等级赋分, 临界生): the school's administrator, the exam's creator and
   * managers, its 学校负责人 (a joint exam's settings only by an exam-wide role: the report service checks)
   */
  'report.configure': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 9] },
  ],
  /** change a question's score by hand (before / after / reason kept); mark an examinee 违纪 */
  'score.adjust': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
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
  /** scan progress, exception counts and lists, page images of a subject (narrowed to the user's schools by the scan service) */
  'scan.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 8, 9] },
    { who: 'examRole', scope: 'subject', roles: [2, 3] },
  ],
  /** download the local scan agent: whoever may scan some subject (the subject is chosen in the agent later) */
  'scan.agent': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
    { who: 'examRole', scope: 'any', roles: [0, 1, 5, 2, 3] },
  ],
  /** mark papers of a subject */
  'subject.mark': [{ who: 'examRole', scope: 'subject', roles: [3, 4, 6] }],
  /** arbitration, problem papers and quality checks of a subject */
  'subject.lead': [
    { who: 'examRole', scope: 'subject', roles: [3, 6, 7] },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5] },
  ],
  /** live marking progress and 质检 figures (review/progress/all, qualityMonitorBlock, uniteProgress); leaders
   * see the blocks they lead, the service narrows a grant given for one school to it */
  'marking.monitor': [
    { who: 'admin', scope: 'any' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 8] },
    { who: 'examRole', scope: 'subject', roles: [3, 6, 7] },
  ],
  /** create education bureaus and schools */
  'system.manage': [{ who: 'admin', scope: 'any' }],
  // ── issue 35: the bureau (教育局 / 区县). A bureau administrator's exams come to them as the creator's standing
  // (role 0, derived by the session lookup), so the exam rules above hold for them unchanged.
  /** the bureau's screen: its schools, its 联考 and their progress (the service narrows to the subtree) */
  'bureau.read': [
    { who: 'admin', scope: 'any' },
    { who: 'bureauAdmin', scope: 'any' },
  ],
  /** a 联考 compared across schools: every figure of the exam, students named only for one's own schools */
  'report.compare': [
    { who: 'admin', scope: 'any' },
    { who: 'bureauAdmin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
    { who: 'examRole', scope: 'exam', roles: [0, 1, 5, 8, 9] },
  ],
  /** 课堂小测: a teacher creates a quiz for classes they teach (the quiz service checks the classes) */
  'quiz.create': [{ who: 'teacher', scope: 'any' }],
  /**
   * 课堂小测 listed and a class's trend: a teacher the quizzes they take part in and their own classes, a school's
   * administrator the school's quizzes and classes (the quiz service filters by school and by class)
   */
  'quiz.read': [
    { who: 'teacher', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
  ],
  /** 我的任务 (task_info, offline/task): one's own background tasks — exports, recognition, 智能辅助 runs */
  'task.self': [{ who: 'user', scope: 'any' }],
  /** a school's background tasks, whoever started them (the task service narrows to the administrator's schools) */
  'task.school': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
  ],
  /** post page views and clicks on marked controls (counted per page and school type, nobody named) */
  'monitor.collect': [{ who: 'user', scope: 'any' }],
  /** the page-view and click summary */
  'monitor.read': [{ who: 'admin', scope: 'any' }],
  /** school statistics card */
  'school.statistics.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
} as const satisfies Record<string, readonly Rule[]>;

export type Capability = keyof typeof CAPABILITY_TABLE;

/** What each capability lets a person do, in plain Chinese: the permission screens list these. */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  'portal.self': '学生和家长：查看本人账号、修改密码',
  'portal.results': '学生和家长：查看本人（或已绑定孩子）已发布的成绩',
  'portal.children': '家长：绑定和解绑孩子',
  'portal.online': '学生：参加在线考试',
  'account.self': '修改本人资料、密码和头像，收发消息',
  'home.read': '在首页查看自己参与的考试',
  'notice.edit': '编辑系统公告',
  'school.manage': '管理学校的学生、教师、管理员、年级和班级',
  'school.read': '查看学校的年级和班级',
  'school.phone.view': '查看教师和管理员的完整手机号',
  'org.read': '查看教育局和学校的组织结构',
  'exam.create': '为学校创建考试',
  'exam.createJoint': '创建多校联考',
  'exam.read': '查看考试、科目和考生名单',
  'report.read': '查看已发布成绩的分析报表（教师只看任教班级）',
  'report.configure': '设置成绩报表的四率线、等级赋分和临界生',
  'exam.roster.read': '查看考生名单',
  'exam.manage': '管理考试（修改、复制、隐藏、删除，考生和人员分工）',
  'exam.phone.view': '查看考生和人员的完整手机号',
  'score.download': '下载成绩与报表',
  'score.read': '查看已发布的科目成绩',
  'score.students.read': '查看学生个人成绩（教师只看任教班级）',
  'score.unpublished.read': '查看未发布的成绩与成绩核查，重新计算成绩',
  'score.publish': '发布、定时发布和取消发布成绩，先阅后扫统分',
  'score.adjust': '调整题目得分、标记违纪（记录调整前后分数与原因）',
  'subject.setting.edit': '编辑科目设置（题目、答案、模板、题块）',
  'subject.scan': '扫描答题卡、处理识别异常',
  'scan.read': '查看扫描进度、识别异常和答题卡图像',
  'scan.agent': '下载扫描客户端',
  'subject.mark': '参与阅卷',
  'subject.lead': '仲裁、问题卷与质检',
  'marking.monitor': '查看阅卷进度与质量监控',
  'system.manage': '创建教育局和学校',
  'school.statistics.read': '查看学校统计',
  'task.self': '查看本人发起的后台任务（导出、识别、智能辅助）',
  'task.school': '查看本校所有人发起的后台任务',
  'monitor.collect': '上报页面访问与按钮点击（不含个人信息）',
  'monitor.read': '查看页面访问与点击统计',
  'bureau.read': '查看教育局所辖学校、联考及各校进度',
  'report.compare': '查看联考的跨校对比报表',
  'quiz.create': '为任教班级创建课堂小测',
  'quiz.read': '查看课堂小测列表与班级学情趋势',
};

/** One thing an exam role may do: on the whole exam, or only on the subjects it is given for. */
export interface RoleCapability {
  capability: Capability;
  label: string;
  scope: 'exam' | 'subject';
}

/** The capabilities an exam role (spec §3 index) grants, in table order; the wider scope wins. */
export function capabilitiesOfRole(role: number): RoleCapability[] {
  const out: RoleCapability[] = [];
  for (const capability of Object.keys(CAPABILITY_TABLE) as Capability[]) {
    const rules: readonly Rule[] = CAPABILITY_TABLE[capability];
    const scopes = rules
      .filter((r) => r.who === 'examRole' && (r.roles ?? []).includes(role))
      .map((r) => r.scope);
    if (!scopes.length) continue;
    const scope = scopes.includes('subject') && !scopes.includes('exam') ? 'subject' : 'exam';
    out.push({ capability, label: CAPABILITY_LABELS[capability], scope });
  }
  return out;
}

export interface ExamRoleGrant {
  examId: number;
  subjectId: number | null;
  schoolId: number | null;
  role: number;
}

/** A bureau a user administers (issue 35): the bureau, the bureaus under it, and the schools of them all. */
export interface BureauGrant {
  orgId: number;
  orgs: readonly number[];
  schools: readonly number[];
}

/** What a signed-in user holds; computed on the server per request. */
export interface Principal {
  userId: number;
  /** absent for the staff */
  kind?: UserKind;
  isAdmin: boolean;
  schoolAdminOf: readonly number[];
  teacherOf: readonly number[];
  examRoles: readonly ExamRoleGrant[];
  /** bureaus administered (absent: none) */
  bureaus?: readonly BureauGrant[];
}

/** Whether a school lies under a bureau the principal administers. */
export const bureauHasSchool = (p: Principal, schoolId: number): boolean =>
  (p.bureaus ?? []).some((b) => b.schools.includes(schoolId));

/** The ids a request acts on; a rule with a scope needs the matching id. */
export interface Scope {
  schoolId?: number;
  examId?: number;
  subjectId?: number;
}

function ruleAllows(rule: Rule, p: Principal, scope: Scope): boolean {
  switch (rule.who) {
    case 'user':
      return (p.kind ?? 'staff') === 'staff';
    case 'student':
    case 'parent':
      return p.kind === rule.who;
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
    case 'bureauAdmin':
      return rule.scope === 'any'
        ? (p.bureaus?.length ?? 0) > 0
        : scope.schoolId !== undefined && bureauHasSchool(p, scope.schoolId);
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

/**
 * The capabilities a principal holds on some scope (an exam role on any exam, a teacher of any school): the
 * header menu offers a tool only to who can use it somewhere; each screen still checks its own scope.
 */
export function heldCapabilities(p: Omit<Principal, 'userId'>): Capability[] {
  const somewhere = (r: Rule): boolean => {
    switch (r.who) {
      case 'user':
        return (p.kind ?? 'staff') === 'staff';
      case 'student':
      case 'parent':
        return p.kind === r.who;
      case 'admin':
        return p.isAdmin;
      case 'schoolAdmin':
        return p.schoolAdminOf.length > 0;
      case 'teacher':
        return p.teacherOf.length > 0;
      case 'bureauAdmin':
        return (p.bureaus?.length ?? 0) > 0;
      case 'examRole':
        return p.examRoles.some((g) => (r.roles ?? []).includes(g.role));
    }
  };
  return (Object.keys(CAPABILITY_TABLE) as Capability[]).filter((c) =>
    (CAPABILITY_TABLE[c] as readonly Rule[]).some(somewhere),
  );
}
