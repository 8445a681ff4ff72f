import { describe, expect, it } from 'vitest';
import type { Capability, UserProfile } from '@yj/contracts';
import { litNavKeys, navItems, selectedNavKey } from './nav-items';

const items = navItems();

describe('selectedNavKey', () => {
  it('highlights 考试管理 on every screen of an exam or a subject', () => {
    for (const path of [
      '/book/inSchool',
      '/book/exam/12',
      '/book/exam/12/hide',
      '/book/exam/permission/setting',
      '/book/subject/7/studentManagement',
      '/book/staffInformation/12',
      '/book/singleCreateExam',
    ])
      expect(selectedNavKey(path, items), path).toBe('exam');
  });

  it('keeps 联考 for the joint list and joint creation', () => {
    expect(selectedNavKey('/book/jointExam/home', items)).toBe('jointExam');
    expect(selectedNavKey('/book/create/jointExam', items)).toBe('jointExam');
  });

  it('matches whole path segments only', () => {
    expect(selectedNavKey('/book/school/3/base_info_', items)).toBe('school');
    expect(selectedNavKey('/book/schoolExamineeProgress/3', items)).toBe('home');
    expect(selectedNavKey('/book/examination', items)).toBe('home');
  });

  it('has the answer-card tool (dtk), the downloads and the download center after the school entries', () => {
    expect(items.map((i) => i.key).slice(-3)).toEqual(['dtk', 'toolDownload', 'downloadCenter']);
    expect(selectedNavKey('/book/download/center', items)).toBe('downloadCenter');
    expect(selectedNavKey('/book/dtk', items)).toBe('dtk');
    expect(selectedNavKey('/book/tool/download', items)).toBe('toolDownload');
  });

  it('falls back to 首页 and knows 帮助中心', () => {
    expect(selectedNavKey('/book/home', items)).toBe('home');
    expect(selectedNavKey('/book/help', items)).toBe('help');
    expect(selectedNavKey('/book/view/video/marking', items)).toBe('help');
    expect(selectedNavKey('/book/exam/3', [])).toBe('home');
  });
});

describe('pages of an exam seen by a teacher (issue 31, point 6)', () => {
  const teacher = items.filter((i) => i.key !== 'exam' && i.key !== 'jointExam');
  it("the leader's block page is under 阅卷任务 for a teacher, under 考试管理 for an administrator", () => {
    expect(selectedNavKey('/book/subject/3/overview/block/9', teacher)).toBe('reviewTask');
    expect(selectedNavKey('/book/subject/3/overview/block/9', items)).toBe('exam');
  });
  it('the reports of an exam are under 考试管理 for an administrator', () => {
    expect(selectedNavKey('/book/report_forms/12', items)).toBe('exam');
  });
});

describe('nav patterns', () => {
  it('selects the marking entry on the marking screen under /book/subject', () => {
    expect(selectedNavKey('/book/subject/3/mark/9/normal/1', items)).toBe('reviewTask');
    expect(selectedNavKey('/book/subject/3/detail', items)).toBe('exam');
  });

  it("selects the marking entry on a marker's cross-block screens and the problem-paper lists", () => {
    for (const path of ['/book/multi', '/book/history', '/book/originPicAndAnswer', '/book/abnormal'])
      expect(selectedNavKey(path, items), path).toBe('reviewTask');
    expect(selectedNavKey('/book/review/abnormal/blockview', items)).toBe('reviewTask');
  });
});

describe('entries a plain teacher can use (issue 31, point 11)', () => {
  const person = (held: Capability[], isSchoolAdmin = false): UserProfile => ({
    id: 1,
    account: 't',
    name: '老师',
    phone: null,
    schoolId: 1,
    schoolName: '第一中学',
    schools: [{ id: 1, name: '第一中学' }],
    roles: [isSchoolAdmin ? 'schoolAdmin' : 'teacher'],
    isSchoolAdmin,
    isAdmin: false,
    avatarUrl: null,
    mustChangePassword: false,
    held,
  });
  const shown = (u: UserProfile) => items.filter((i) => !i.show || i.show(u)).map((i) => i.key);

  it('offers 工具下载 (the scan client) only to who may scan somewhere', () => {
    expect(shown(person(['home.read', 'subject.mark']))).not.toContain('toolDownload');
    expect(shown(person(['home.read', 'scan.agent']))).toContain('toolDownload');
  });

  it('offers 考试管理 to a teacher who manages an exam, not to a marker', () => {
    expect(shown(person(['home.read', 'exam.read', 'exam.manage']))).toContain('exam');
    expect(shown(person(['home.read', 'exam.read', 'subject.mark']))).not.toContain('exam');
  });

  it('lights no entry where the page is the bell’s or belongs to an entry the user is not shown', () => {
    const visible = (u: UserProfile) => items.filter((i) => !i.show || i.show(u));
    const marker = visible(person(['home.read', 'subject.mark']));
    const admin = visible(person(['subject.setting.edit', 'score.download', 'exam.manage'], true));
    expect(litNavKeys('/book/messages', admin)).toEqual([]);
    expect(litNavKeys('/book/messages', marker)).toEqual([]);
    // 我的任务 is the header icon's, not 首页's
    expect(litNavKeys('/book/offline/task', marker)).toEqual([]);
    expect(litNavKeys('/book/task_info', admin)).toEqual([]);
    expect(litNavKeys('/book/inSchool', admin)).toEqual(['exam']);
    expect(litNavKeys('/book/inSchool', marker)).toEqual([]);
    expect(litNavKeys('/book/home', marker)).toEqual(['home']);
    expect(litNavKeys('/book/examination', marker)).toEqual(['home']);
    expect(litNavKeys('/book/help', marker)).toEqual(['help']);
  });

  it('offers 答题卡制作 only to who may edit some subject, 下载中心 only to who may export', () => {
    expect(shown(person(['home.read', 'subject.mark']))).not.toContain('dtk');
    expect(shown(person(['home.read', 'subject.mark']))).not.toContain('downloadCenter');
    expect(shown(person(['score.students.read']))).toContain('downloadCenter');
    expect(shown(person(['subject.setting.edit', 'score.download'], true))).toEqual(
      expect.arrayContaining(['dtk', 'downloadCenter', 'exam']),
    );
  });
});
