import type { ScoreAdjustmentItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { adjustmentsQuery } from './score.queries';
import { figure } from './score-format';

/** adjust/checkdetail: every adjustment of the subject with before, after, reason, who and when. */
export function AdjustmentsView({ subject }: SubjectBundle) {
  const [page, setPage] = useState(1);
  const q = useQuery(adjustmentsQuery(subject.subjectInfo.id, page));
  if (q.isError && !q.data)
    return <QueryFailed title="调整记录加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Card data-testid="score-adjustments" title={q.data ? `调整记录：${q.data.total} 条` : '调整记录'}>
      <Table<ScoreAdjustmentItem>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.items}
        locale={{ emptyText: '还没有调整过成绩' }}
        pagination={{ current: page, pageSize: 50, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '考号', dataIndex: 'kaohao' },
          { title: '姓名', dataIndex: 'name' },
          { title: '题号', dataIndex: 'questionNo' },
          { title: '调整前', render: (_, r) => figure(r.before) },
          { title: '调整后', dataIndex: 'after' },
          { title: '原因', dataIndex: 'reason' },
          { title: '操作人', dataIndex: 'userName' },
          { title: '时间', render: (_, r) => new Date(r.at).toLocaleString('zh-CN') },
        ]}
      />
    </Card>
  );
}
