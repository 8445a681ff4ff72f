import type { IrregularItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { irregularsQuery } from './score.queries';

/** 违纪记录: the examinees marked 违纪 in the subject (scored 0), with the reason, who and when. */
export function IrregularView({ subject }: SubjectBundle) {
  const [page, setPage] = useState(1);
  const q = useQuery(irregularsQuery(subject.subjectInfo.id, page));
  if (q.isError && !q.data)
    return <QueryFailed title="违纪记录加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Card data-testid="score-irregulars" title={q.data ? `违纪考生：${q.data.total} 名` : '违纪记录'}>
      <Table<IrregularItem>
        rowKey="examineeId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.items}
        locale={{ emptyText: '没有标记违纪的考生' }}
        pagination={{ current: page, pageSize: 50, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '考号', dataIndex: 'kaohao' },
          { title: '姓名', dataIndex: 'name' },
          { title: '班级', dataIndex: 'className' },
          { title: '违纪原因', dataIndex: 'reason' },
          { title: '操作人', render: (_, r) => r.userName ?? '—' },
          { title: '时间', render: (_, r) => (r.at ? new Date(r.at).toLocaleString('zh-CN') : '—') },
        ]}
      />
    </Card>
  );
}
