import type { ClassItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { PanelError } from '../common/PanelError';
import { buildSchedule, type ScheduleRow } from '../schedule';
import { allTeachersQuery, classesQuery, coursesQuery, gradesQuery } from '../school-admin.queries';
import { QueryTable } from '../../../components/QueryTable';
import { PANEL_TOOLBAR } from '../common/panel-style';

/** 任课表 (teacherSchedule card): who teaches which subject in each class, from the teachers list. */
export function TeacherSchedulePanel({
  schoolId,
  onEditTeachers,
}: {
  schoolId: number;
  onEditTeachers: () => void;
}) {
  const teachers = useQuery(allTeachersQuery(schoolId));
  const classes = useQuery(classesQuery(schoolId));
  const grades = useQuery(gradesQuery(schoolId));
  const courses = useQuery(coursesQuery);
  const [gradeId, setGradeId] = useState<number | undefined>(undefined);

  const schedule = useMemo(() => {
    const shown: ClassItem[] = (classes.data ?? []).filter(
      (c) => gradeId === undefined || c.gradeId === gradeId,
    );
    return buildSchedule(teachers.data ?? [], shown, courses.data ?? []);
  }, [teachers.data, classes.data, courses.data, gradeId]);

  const failed = (teachers.isError && !teachers.data) || (classes.isError && !classes.data);
  if (failed) {
    return (
      <PanelError
        what="任课表"
        error={teachers.error ?? classes.error}
        onRetry={() => {
          void teachers.refetch();
          void classes.refetch();
        }}
      />
    );
  }

  const columns: TableColumnsType<ScheduleRow> = [
    { title: '年级', dataIndex: 'gradeName', width: 90, fixed: 'left' },
    {
      title: '班级',
      dataIndex: 'className',
      width: 130,
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    ...schedule.subjects.map((s) => ({
      title: s,
      key: s,
      width: 110,
      render: (_v: unknown, r: ScheduleRow) =>
        r.bySubject[s]?.join('、') ?? <Typography.Text type="secondary">—</Typography.Text>,
    })),
  ];

  const unassigned = schedule.unassigned;
  return (
    <div data-testid="schedule-panel">
      <div style={PANEL_TOOLBAR}>
        <Select
          allowClear
          placeholder="全部年级"
          style={{ width: 140 }}
          value={gradeId}
          options={(grades.data ?? []).map((g) => ({ label: g.name, value: g.id }))}
          onChange={(v?: number) => setGradeId(v)}
        />
        <Typography.Text type="secondary">
          任课关系来自每位老师的“任教学科”和“任教班级”，可在“老师”中修改。
        </Typography.Text>
      </div>
      {unassigned.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${unassigned.length} 名老师还没有设置任教班级`}
          description={
            unassigned
              .slice(0, 30)
              .map((t) => t.name)
              .join('、') + (unassigned.length > 30 ? ' 等' : '')
          }
          action={
            <Typography.Link onClick={onEditTeachers} style={{ whiteSpace: 'nowrap' }}>
              去设置
            </Typography.Link>
          }
        />
      )}
      <QueryTable<ScheduleRow>
        rowKey="classId"
        size="middle"
        bordered
        columns={columns}
        dataSource={schedule.rows}
        query={{ isFetching: teachers.isFetching || classes.isFetching, isPending: classes.isPending }}
        scroll={{ x: 'max-content' }}
        pagination={false}
        empty="还没有班级。请先在“年级班级”中添加班级，再为老师设置任教班级。"
      />
    </div>
  );
}
