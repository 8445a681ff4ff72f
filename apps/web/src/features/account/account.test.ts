import { describe, expect, it } from 'vitest';
import { avatarText } from '../../components/UserAvatar';
import { clampUnread } from '../messages/unread';
import { avatarProblem } from './ProfileModal';
import { maskPhone, roleLabels } from './profile-format';

describe('account display rules', () => {
  it('masks full phone numbers and keeps already-masked ones', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('138****0001')).toBe('138****0001');
    expect(maskPhone(null)).toBeNull();
  });

  it('names roles in Chinese', () => {
    expect(roleLabels({ isAdmin: false, isSchoolAdmin: true, roles: ['schoolAdmin'] })).toEqual([
      '学校管理员',
    ]);
    expect(roleLabels({ isAdmin: false, isSchoolAdmin: false, roles: ['teacher'] })).toEqual(['教师']);
  });

  it('abbreviates names for the avatar', () => {
    expect(avatarText('王校长')).toBe('校长');
    expect(avatarText('李明')).toBe('李明');
    expect(avatarText('admin')).toBe('A');
  });

  it('refuses non-images and images over 2 MB before uploading', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('请选择图片文件（JPG、PNG 等）');
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('图片不能超过 2 MB');
    expect(avatarProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('the unread badge never goes below 0', () => {
    expect(clampUnread(-3)).toBe(0);
    expect(clampUnread(undefined)).toBe(0);
    expect(clampUnread(Number.NaN)).toBe(0);
    expect(clampUnread(4)).toBe(4);
  });
});

describe('exam list empty state', () => {
  it('tells each kind of user what makes exams appear', async () => {
    const { nextStepText } = await import('../exams/ExamsEmpty');
    expect(nextStepText({ isAdmin: false, isSchoolAdmin: false })).toContain('学校管理员创建考试并为您分配');
    expect(nextStepText({ isAdmin: false, isSchoolAdmin: true })).toContain('本校创建考试');
    expect(nextStepText({ isAdmin: true, isSchoolAdmin: false })).toContain('各学校创建考试');
  });
});
