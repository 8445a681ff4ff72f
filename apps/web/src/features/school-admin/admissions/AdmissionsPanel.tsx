import type { AdmissionItem, AdmissionListQuery, AdmissionYear } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { RosterPanel, useRoster } from '../common/RosterPanel';
import { useRefreshSchool } from '../school-admin.queries';
import { AdmissionFormModal } from './AdmissionFormModal';
import { AdmissionImportModal } from './AdmissionImportModal';
import { admissionApi, admissionSummaryQuery, admissionsQuery } from './admission.queries';

const columns: TableColumnsType<AdmissionItem> = [
  { title: '届别', dataIndex: 'year', width: 80, render: (y: number) => `${y} 届` },
  {
    title: '姓名',
    dataIndex: 'name',
    width: 100,
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { title: '学号', dataIndex: 'xuehao', width: 120, render: (v: string) => v || '—' },
  { title: '班级', dataIndex: 'className', width: 120, render: (v: string) => v || '—' },
  { title: '录取院校', dataIndex: 'university' },
  { title: '录取专业', dataIndex: 'major', render: (v: string) => v || '—' },
  { title: '录取批次', dataIndex: 'batch', width: 110 },
  {
    title: '院校层次',
    dataIndex: 'level',
    width: 100,
    render: (v: string) =>
      v ? <Tag color={v === '985' ? 'red' : v === '211' ? 'orange' : 'blue'}>{v}</Tag> : '—',
  },
];

const rate = (n: number, of: number) => (of ? `${((n / of) * 100).toFixed(1)}%` : '—');

/** One graduating year's figures, as a school's 升学喜报 states them. */
function YearSummary({ y }: { y: AdmissionYear }) {
  // [title, count, suffix], left to right
  const figures: [string, number, string][] = [
    ['已登记', y.total, '人'],
    ['本科', y.undergraduate, `人 · ${rate(y.undergraduate, y.total)}`],
    ['专科', y.junior, '人'],
    ['985', y.c985, '人'],
    ['211（含 985）', y.c211, '人'],
    ['双一流（含 985、211）', y.doubleFirst, '人'],
  ];
  return (
    <Card
      size="small"
      title={`${y.year} 届升学情况`}
      data-testid="admission-summary"
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {figures.map(([title, value, suffix]) => (
          <Col span={4} key={title}>
            <Statistic title={title} value={value} suffix={suffix} />
          </Col>
        ))}
      </Row>
      {y.topUniversities.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          录取人数最多的院校：
          {y.topUniversities.map((u) => `${u.university} ${u.count} 人`).join('、')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * 升学去向 (the spec's base-info card `university`): where the school's graduates went, entered or imported
 * from the school's own Excel, with the chosen year's (or the newest year's) figures above the list.
 */
export function AdmissionsPanel({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const roster = useRoster<AdmissionItem, AdmissionListQuery>();
  const { q, patch } = roster;
  const list = useQuery(admissionsQuery(schoolId, q));
  const summary = useQuery(admissionSummaryQuery(schoolId));
  const refresh = useRefreshSchool(schoolId);
  const years = summary.data ?? [];
  const shown = years.find((y) => y.year === q.year) ?? (q.year === undefined ? years[0] : undefined);

  return (
    <>
      {shown && <YearSummary y={shown} />}
      <RosterPanel<AdmissionItem, AdmissionListQuery>
        testId="admissions-panel"
        what="毕业生"
        roster={roster}
        list={list}
        rowKey="id"
        idOf={(r) => r.id}
        columns={columns}
        total={years.reduce((n, y) => n + y.total, 0)}
        schoolName={schoolName}
        exportPath={`/api/school/${schoolId}/admissions/export`}
        exportName="升学去向.xlsx"
        searchPlaceholder="搜索姓名、学号、院校或专业"
        filters={
          <Select
            allowClear
            placeholder="全部届别"
            style={{ width: 130 }}
            value={q.year}
            options={years.map((y) => ({ label: `${y.year} 届`, value: y.year }))}
            onChange={(year?: number) => patch({ year })}
          />
        }
        filtered={Boolean(q.keyword || q.year)}
        emptyText="还没有登记毕业生的升学去向。可以下载模板批量导入，或逐个新增。"
        importFirst
        removeTitle={(r) => `删除 ${r.name} 的升学记录？`}
        removeDescription="只删除这一条升学记录，学生名单和成绩不受影响。"
        removeOkText="删除"
        removeSelectedTitle={(n) => `删除选中的 ${n} 条升学记录？`}
        remove={(ids) => admissionApi.remove(schoolId, ids)}
        removed={(n) => `已删除 ${n} 条升学记录`}
        removeAll={(confirm) => admissionApi.removeAll(schoolId, confirm)}
        removedAll={(n) => `已删除全部升学记录，共 ${n} 条`}
        refresh={refresh}
      >
        <AdmissionFormModal
          schoolId={schoolId}
          editing={roster.form?.editing ?? null}
          year={q.year}
          open={roster.form !== null}
          onClose={() => roster.setForm(null)}
          onSaved={() => void refresh()}
        />
        <AdmissionImportModal
          schoolId={schoolId}
          open={roster.importing}
          onClose={() => roster.setImporting(false)}
          onImported={() => void refresh()}
        />
      </RosterPanel>
    </>
  );
}
