import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Switch, Typography } from 'antd';
import { examTeachersQuery, subjectTeachersQuery } from '../exam-admin.queries';
import type { ExamTeacher } from '../exam-admin.api';

/** Search text of a teacher: name, phone, school and courses, so any of them finds the person. */
export function teacherSearchText(t: ExamTeacher): string {
  return [t.name, t.phone ?? '', t.schoolName, ...t.subjects].join(' ').toLowerCase();
}

/**
 * Picks teachers of the exam's schools. With a subject, only that course's teachers are listed
 * unless the user widens the list (a physics teacher may well mark maths).
 */
export function TeacherSelect({
  examId,
  schoolId,
  subjectId,
  onlyCourse,
  onOnlyCourse,
  value,
  onChange,
}: {
  examId: number;
  schoolId: number;
  subjectId?: number;
  onlyCourse: boolean;
  onOnlyCourse: (v: boolean) => void;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const byCourse = subjectId !== undefined && onlyCourse;
  const all = useQuery({ ...examTeachersQuery(schoolId, examId), enabled: !byCourse });
  const course = useQuery({ ...subjectTeachersQuery(schoolId, subjectId ?? 0), enabled: byCourse });
  const source = byCourse ? course : all;
  const teachers = source.data ?? [];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6}>
      <Select<number[]>
        mode="multiple"
        aria-label="选择老师"
        placeholder="输入姓名或手机号搜索老师"
        style={{ width: '100%' }}
        loading={source.isFetching}
        value={value}
        onChange={onChange}
        maxTagCount={8}
        showSearch={{
          filterOption: (input, opt) => String(opt?.search ?? '').includes(input.trim().toLowerCase()),
        }}
        notFoundContent={
          source.isFetching ? undefined : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                byCourse
                  ? '没有任教本学科的老师，可关闭“只看本学科老师”'
                  : '没有找到老师，请先在学校管理中添加教师'
              }
            />
          )
        }
        options={teachers.map((t) => ({
          value: t.userId,
          label: t.name,
          search: teacherSearchText(t),
          detail: t,
        }))}
        optionRender={(opt) => {
          const t = opt.data.detail as ExamTeacher;
          return (
            <div style={{ display: 'flex', gap: 8 }}>
              <span style={{ minWidth: 56 }}>{t.name}</span>
              <Typography.Text type="secondary">{t.phone ?? '未登记手机号'}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                {[t.schoolName, t.subjects.join('、')].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
          );
        }}
      />
      {subjectId !== undefined && (
        <Space size={6}>
          <Switch size="small" checked={onlyCourse} onChange={onOnlyCourse} aria-label="只看本学科老师" />
          <Typography.Text type="secondary">只看任教本学科的老师</Typography.Text>
        </Space>
      )}
    </Space>
  );
}
