import { BankOutlined } from '@ant-design/icons';
import type { SchoolStatistics } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Statistic, Typography } from 'antd';
import { schoolStatisticsQuery } from '../../features/school/useSchoolStatistics';

const FIGURES: { key: keyof SchoolStatistics; title: string }[] = [
  { key: 'grades', title: '年级' },
  { key: 'classes', title: '班级' },
  { key: 'students', title: '学生' },
  { key: 'teachers', title: '老师' },
  { key: 'admins', title: '管理员' },
];

/** The school's name and size above its cards; the figures follow every change made below. */
export function SchoolHeader({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  return (
    <Card>
      <div style={{ display: 'flex', alignItems: 'center', gap: 24, flexWrap: 'wrap' }}>
        <div style={{ flex: 1, minWidth: 220 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="school-name">
            <BankOutlined style={{ marginRight: 8, color: '#1f6feb' }} />
            {schoolName}
          </Typography.Title>
          <Typography.Text type="secondary">学校基础信息：学生、老师、年级班级与管理员</Typography.Text>
        </div>
        {FIGURES.map((f) => (
          <div key={f.key} style={{ minWidth: 72, textAlign: 'center' }}>
            {stats.isPending ? (
              <Skeleton.Button active size="small" />
            ) : (
              <Statistic
                title={f.title}
                value={stats.data ? stats.data[f.key] : '—'}
                styles={{ content: { fontSize: 22 } }}
              />
            )}
          </div>
        ))}
      </div>
    </Card>
  );
}
