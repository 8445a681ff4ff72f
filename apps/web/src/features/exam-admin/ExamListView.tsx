import { PlusOutlined } from '@ant-design/icons';
import type { ExamListRow, UserProfile } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { schoolNames } from './create/org-tree';
import { examListQuery, jointSchoolsQuery } from './exam-admin.queries';
import { examColumns } from './exam-columns';
import { ExamFilterBar } from './ExamFilterBar';
import { EMPTY_FILTERS, hasFilters, toListRequest, type ExamListFilters } from './list-query';
import { homeCrumbs, PageFrame } from './PageFrame';
import { QueryFailed } from './QueryFailed';
import { useExamActions } from './useExamActions';
import { QueryTable } from '../../components/QueryTable';

const PAGE_SIZE = 10;

/** inSchool and jointExam/home: the exams of the school (or the joint exams), filtered and paged. */

const WHO_CREATES_JOINT = '联考由教育局管理员或系统管理员创建';
export function ExamListView({ user, joint }: { user: UserProfile; joint: boolean }) {
  const [filters, setFilters] = useState<ExamListFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...examListQuery(joint, toListRequest(filters, page, PAGE_SIZE)),
    meta: { silent: true },
  });
  const actions = useExamActions();
  const title = joint ? '联考' : '校内考试';
  const createTo = joint ? '/book/create/jointExam' : '/book/singleCreateExam';
  const mayCreateJoint = user.isSchoolAdmin || user.isAdmin || user.roles.includes('bureauAdmin');
  // A joint exam needs two schools the server lets this user put in: an administrator of one school sees
  // no button that could only be refused.
  const pickable = useQuery({
    ...jointSchoolsQuery(),
    enabled: joint && mayCreateJoint,
    meta: { silent: true },
  });
  const jointPossible = (pickable.data ? schoolNames(pickable.data).size : 0) >= 2;
  const canCreate = joint ? mayCreateJoint && jointPossible : user.isSchoolAdmin && user.schoolId !== null;

  const create = canCreate ? (
    <Link to={createTo}>
      <Button type="primary" icon={<PlusOutlined />}>
        {joint ? '创建联考' : '创建考试'}
      </Button>
    </Link>
  ) : null;

  const empty = hasFilters(filters) ? (
    <Empty description="没有符合筛选条件的考试">
      <Button onClick={() => setFilters({ ...EMPTY_FILTERS, includeHidden: filters.includeHidden })}>
        清除筛选
      </Button>
    </Empty>
  ) : (
    <Empty
      data-testid="exam-list-empty"
      description={
        <>
          <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
            {joint ? '还没有联考' : '还没有校内考试'}
          </Typography.Text>
          <Typography.Text type="secondary">
            {!joint
              ? '点击“创建考试”，按步骤填写基本信息、科目、考生和阅卷人员。'
              : canCreate || pickable.isLoading
                ? '联考由多所学校共同参加。点击“创建联考”，从组织机构中选择参加的学校。'
                : `${WHO_CREATES_JOINT}，创建后为各校指定负责人，各校再添加本校考生。`}
          </Typography.Text>
        </>
      }
    >
      {create}
    </Empty>
  );

  // whoever may not create a 联考 is told who does, also once the list holds the 联考 they take part in
  const whoCreates =
    joint && !canCreate && !pickable.isLoading ? (
      <Typography.Text type="secondary" data-testid="joint-who-creates">
        {WHO_CREATES_JOINT}
      </Typography.Text>
    ) : null;

  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '考试管理' }, { title })}
      title={title}
      extra={create ?? whoCreates}
      testId="exam-list-page"
    >
      <Card>
        <div style={{ marginBottom: 16 }}>
          <ExamFilterBar
            value={filters}
            onChange={(f) => {
              setFilters(f);
              setPage(1);
            }}
            schoolId={user.schoolId}
            joint={joint}
          />
        </div>
        {list.isError && !list.data ? (
          <QueryFailed title="考试列表加载失败" error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <QueryTable<ExamListRow>
            rowKey="id"
            data-testid="exam-table"
            columns={examColumns(joint, actions)}
            dataSource={list.data?.items ?? []}
            query={list}
            empty={empty}
            pagination={serverPages(page, PAGE_SIZE, list.data?.total, setPage, {
              hideOnSinglePage: false,
              showTotal: (t) => `共 ${t} 场考试`,
            })}
          />
        )}
      </Card>
    </PageFrame>
  );
}
