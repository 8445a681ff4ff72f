import type { UserProfile } from '@yj/contracts';
import { Button, Empty, Typography } from 'antd';

/** What happens next, told honestly for each kind of user: exams appear here once they exist. */
export function nextStepText(user: Pick<UserProfile, 'isAdmin' | 'isSchoolAdmin'>): string {
  if (user.isAdmin) return '各学校创建考试后，会在这里按开考日期列出。';
  if (user.isSchoolAdmin) return '本校创建考试或参加联考后，考试会按开考日期出现在这里。';
  return '学校管理员创建考试并为您分配阅卷、扫描等任务后，考试会出现在这里。如有疑问，请联系本校管理员。';
}

export function ExamsEmpty({
  user,
  keyword,
  onClearSearch,
}: {
  user: UserProfile;
  keyword: string;
  onClearSearch: () => void;
}) {
  if (keyword) {
    return (
      <Empty description={`没有找到名称包含“${keyword}”的考试`} data-testid="exams-empty">
        <Button onClick={onClearSearch}>清除搜索</Button>
      </Empty>
    );
  }
  return (
    <Empty
      data-testid="exams-empty"
      description={
        <>
          <Typography.Text strong style={{ display: 'block', fontSize: 15, marginBottom: 6 }}>
            暂时还没有考试
          </Typography.Text>
          <Typography.Text type="secondary">{nextStepText(user)}</Typography.Text>
        </>
      }
      style={{ padding: '32px 0' }}
    />
  );
}
