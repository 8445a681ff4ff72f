import type { SchoolStatistics } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Statistic } from 'antd';
import { schoolStatisticsQuery } from './useSchoolStatistics';

const FIGURES: { key: keyof SchoolStatistics; title: string; suffix: string }[] = [
  { key: 'grades', title: '年级', suffix: '个' },
  { key: 'classes', title: '班级', suffix: '个' },
  { key: 'students', title: '学生', suffix: '人' },
  { key: 'teachers', title: '教师', suffix: '人' },
  { key: 'admins', title: '学校管理员', suffix: '人' },
];

/** The school's size at a glance, for its administrators. */
export function SchoolStatsCards({ schoolId }: { schoolId: number }) {
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  if (stats.isError && !stats.data)
    return <Alert type="warning" showIcon title="学校概况暂时无法加载，请稍后刷新页面。" />;
  return (
    <Card title="学校概况" data-testid="school-stats">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 16 }}>
        {FIGURES.map((f) => (
          <div key={f.key} style={{ padding: '4px 0' }}>
            {stats.isPending ? (
              <Skeleton active paragraph={false} />
            ) : (
              <Statistic title={f.title} value={stats.data[f.key]} suffix={f.suffix} />
            )}
          </div>
        ))}
      </div>
    </Card>
  );
}
