import { GENDER_LABELS, type StudentItem, type StudentListQuery } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography, type TableColumnsType } from 'antd';
import { RosterPanel, useRoster } from '../common/RosterPanel';
import { classOptions } from '../class-options';
import { schoolAdminApi } from '../school-admin.api';
import { schoolStatisticsQuery } from '../../school/useSchoolStatistics';
import { classesQuery, gradesQuery, studentsQuery, useRefreshSchool } from '../school-admin.queries';
import { StudentFormModal } from './StudentFormModal';
import { StudentImportModal } from './StudentImportModal';

const columns: TableColumnsType<StudentItem> = [
  {
    title: '姓名',
    dataIndex: 'name',
    width: 140,
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { title: '学号', dataIndex: 'xuehao', width: 160 },
  { title: '性别', dataIndex: 'gender', width: 80, render: (g: number) => (g ? GENDER_LABELS[g] : '—') },
  { title: '年级', dataIndex: 'gradeName', width: 100 },
  { title: '班级', dataIndex: 'className' },
];

/** 学生 card: search, grade/class filters, add, edit, delete, delete all, import and export. */
export function StudentsPanel({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const roster = useRoster<StudentItem, StudentListQuery>();
  const { q, patch } = roster;
  const students = useQuery(studentsQuery(schoolId, q));
  const grades = useQuery(gradesQuery(schoolId));
  const classes = useQuery(classesQuery(schoolId));
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  const refresh = useRefreshSchool(schoolId);

  return (
    <RosterPanel<StudentItem, StudentListQuery>
      testId="students-panel"
      what="学生"
      roster={roster}
      list={students}
      rowKey="id"
      idOf={(s) => s.id}
      columns={columns}
      total={stats.data?.students ?? students.data?.total ?? 0}
      schoolName={schoolName}
      exportPath={`/api/school/${schoolId}/students/export`}
      exportName="学生名单.xlsx"
      searchPlaceholder="搜索姓名或学号"
      filters={
        <>
          <Select
            allowClear
            placeholder="全部年级"
            style={{ width: 130 }}
            value={q.gradeId}
            options={(grades.data ?? []).map((g) => ({ label: g.name, value: g.id }))}
            onChange={(gradeId?: number) => patch({ gradeId, classId: undefined })}
          />
          <Select
            allowClear
            placeholder="全部班级"
            style={{ width: 160 }}
            value={q.classId}
            options={classOptions(classes.data ?? [], q.gradeId)}
            onChange={(classId?: number) => patch({ classId })}
          />
        </>
      }
      filtered={Boolean(q.keyword || q.gradeId || q.classId)}
      emptyText="本校还没有学生。可以下载模板批量导入，或逐个新增。"
      importFirst
      removeTitle={(s) => `删除学生 ${s.name}？`}
      removeDescription="删除后不再出现在名单和新考试中。"
      removeOkText="删除"
      removeSelectedTitle={(n) => `删除选中的 ${n} 名学生？`}
      remove={(ids) => schoolAdminApi.deleteStudents(schoolId, ids)}
      removed={(n) => `已删除 ${n} 名学生`}
      removeAll={(confirm) => schoolAdminApi.deleteAllStudents(schoolId, confirm)}
      removedAll={(n) => `已删除全部学生，共 ${n} 名`}
      refresh={refresh}
    >
      <StudentFormModal
        schoolId={schoolId}
        classes={classes.data ?? []}
        editing={roster.form?.editing ?? null}
        open={roster.form !== null}
        onClose={() => roster.setForm(null)}
        onSaved={() => void refresh()}
      />
      <StudentImportModal
        schoolId={schoolId}
        open={roster.importing}
        onClose={() => roster.setImporting(false)}
        onImported={() => void refresh()}
      />
    </RosterPanel>
  );
}
