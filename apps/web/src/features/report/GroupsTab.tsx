import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { Report, ReportGroupItem } from '@yj/contracts';
import { useOneAtATime } from '../../app/useOneAtATime';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { GroupForm } from './GroupForm';
import { reportApi, reportGroupReportQuery, reportGroupsQuery } from './report.api';
import { ReportExportPath } from './report-export';
import { sectionTabs } from './report-tabs';

/** A group's report: the tables and charts of an exam's report over the group's members only. */
function GroupReport({ r, group }: { r: Report; group: ReportGroupItem }) {
  const q = useQuery(reportGroupReportQuery(r.examId, group.id, r.subjectId));
  const [tab, setTab] = useState('overview');
  if (q.isError && !q.data)
    return <QueryFailed title="分析组报表加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const g = q.data;
  return (
    <Card
      size="small"
      title={`分析组报表：${group.name} · ${r.name}`}
      loading={!g}
      data-testid="group-report"
    >
      {g && (
        <ReportExportPath.Provider
          value={(x, sheet) => reportApi.groupExportPath(x.examId, group.id, x.subjectId, sheet)}
        >
          <Typography.Paragraph type="secondary">
            本报表只统计分析组内的 {g.overall.sat + g.overall.absent} 名学生（实考 {g.overall.sat} 人）；
            班级对比中的均差、超均率与排名均以组内平均分为准。
          </Typography.Paragraph>
          <Tabs activeKey={tab} onChange={setTab} items={sectionTabs(g, true)} />
        </ReportExportPath.Provider>
      )}
    </Card>
  );
}

/**
 * 分析组: the groups of classes or students the reader may see (those their view covers), made, edited and
 * deleted here, and the chosen one's report for the subject chosen above.
 */
export function GroupsTab({ r }: { r: Report }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [chosen, setChosen] = useState<number | null>(null);
  // null: closed; 'new' or the group being edited
  const [editing, setEditing] = useState<'new' | ReportGroupItem | null>(null);
  const q = useQuery(reportGroupsQuery(r.examId, page, size));
  const remove = useOneAtATime({
    mutationFn: (id: number) => reportApi.removeGroup(r.examId, id),
    onSuccess: async (_d, id) => {
      message.success('分析组已删除');
      if (chosen === id) setChosen(null);
      await qc.invalidateQueries({ queryKey: ['report', r.examId, 'groups'] });
    },
  });
  if (q.isError && !q.data)
    return <QueryFailed title="分析组加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const items = q.data?.items ?? [];
  const group = items.find((g) => g.id === chosen) ?? null;
  const create = (
    <Button type="primary" onClick={() => setEditing('new')} data-testid="group-new">
      新建分析组
    </Button>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="groups-tab">
      <Card size="small" title="分析组" extra={create} loading={!q.data} data-testid="groups-table">
        {q.data && !q.data.total ? (
          <Empty
            description="还没有分析组：选几个班级或几名学生组成一组，即可单独查看他们的成绩报表"
            data-testid="groups-empty"
          />
        ) : (
          <Table<ReportGroupItem>
            size="small"
            rowKey="id"
            dataSource={items}
            rowClassName={(g) => (g.id === chosen ? 'ant-table-row-selected' : '')}
            pagination={{
              current: page,
              pageSize: size,
              total: q.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => `共 ${n} 个分析组`,
              onChange: (p, s) => {
                setPage(p);
                setSize(s);
              },
            }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              {
                title: '组成',
                render: (_: unknown, g) =>
                  g.kind === 'classes' ? <Tag color="blue">按班级</Tag> : <Tag color="green">按学生</Tag>,
              },
              {
                title: '班级',
                render: (_: unknown, g) => g.classNames.join('、') || '—',
              },
              { title: '人数', dataIndex: 'size' },
              { title: '创建人', dataIndex: 'createdByName' },
              { title: '更新时间', dataIndex: 'updatedAt' },
              {
                title: '操作',
                render: (_: unknown, g) => (
                  <Space>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setChosen(g.id)}
                      data-testid={`group-view-${g.id}`}
                    >
                      查看报表
                    </Button>
                    <Button type="link" size="small" onClick={() => setEditing(g)}>
                      编辑
                    </Button>
                    <Popconfirm
                      title={`删除分析组“${g.name}”？`}
                      description="只删除这个分组，不影响学生、班级和成绩。"
                      okText="删除"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(g.id).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger data-testid={`group-delete-${g.id}`}>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {group ? (
        <GroupReport key={group.id} r={r} group={group} />
      ) : (
        !!q.data?.total && (
          <Typography.Text type="secondary">
            点击分析组的“查看报表”，查看该组在当前科目的成绩报表。
          </Typography.Text>
        )
      )}
      {editing && (
        <GroupForm
          r={r}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            // the newest group is listed first
            setPage(1);
            setChosen(id);
          }}
        />
      )}
    </Space>
  );
}
