import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { BureauExam } from '@yj/contracts';
import { useCurrentUser } from '../auth/current-user-context';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { bureauOverviewQuery } from './bureau.api';

const LEVELS: Record<number, string> = { 1: '省', 2: '市', 3: '区县' };

/** 教育局: the schools under the administrator's bureaus and the 联考 they run, each with its progress and reports. */
export function BureauHomeView() {
  const user = useCurrentUser();
  const q = useQuery(bureauOverviewQuery());
  if (q.isError && !q.data)
    return <QueryFailed title="教育局信息加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '教育局' })}
      title={
        <Space>
          {d?.bureaus.map((b) => (
            <span key={b.id}>
              {b.name} <Tag>{LEVELS[b.level] ?? ''}</Tag>
            </span>
          )) ?? '教育局'}
        </Space>
      }
      extra={
        <Space>
          {user.isAdmin && (
            <Link to="/book/bureau/admins">
              <Button>教育局管理员</Button>
            </Link>
          )}
          <Link to="/book/create/jointExam">
            <Button type="primary" data-testid="bureau-create-joint">
              创建联考
            </Button>
          </Link>
        </Space>
      }
      testId="bureau-home"
    >
      <Card title="联考" loading={!d}>
        <Table<BureauExam>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={d?.exams ?? []}
          locale={{ emptyText: '还没有联考：点击右上角“创建联考”，为所辖学校组织一场联考' }}
          columns={[
            {
              title: '联考名称',
              dataIndex: 'name',
              render: (name: string, e) => <Link to={`/book/exam/${e.id}`}>{name}</Link>,
            },
            { title: '年级', dataIndex: 'gradeName', width: 90 },
            { title: '考试日期', dataIndex: 'startDate', width: 120 },
            { title: '组织单位', dataIndex: 'orgName', width: 140 },
            { title: '学校数', dataIndex: 'schools', width: 80, align: 'right' },
            { title: '考生数', dataIndex: 'examinees', width: 90, align: 'right' },
            {
              title: '操作',
              width: 260,
              render: (_: unknown, e) => (
                <Space>
                  <Link to={`/book/bureau/exam/${e.id}/progress`}>各校进度</Link>
                  <Link to={`/book/bureau/exam/${e.id}/compare`}>跨校对比</Link>
                  <Link to={`/book/staffInformation/${e.id}`}>人员分工</Link>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={`所辖学校（${d?.schools.length ?? 0} 所）`} loading={!d}>
        <Table
          rowKey="id"
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={d?.schools ?? []}
          columns={[
            { title: '学校', dataIndex: 'name' },
            { title: '所属教育局', dataIndex: 'orgName' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
