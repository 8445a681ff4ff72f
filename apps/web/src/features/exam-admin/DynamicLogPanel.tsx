import type { DynamicLogItem, ExamDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { dynamicLogQuery, staffQuery } from './exam-admin.queries';
import { actionLabel, describeLog, type DiffRow, type LogLookup } from './log-format';
import { QueryTable } from '../../components/QueryTable';

const PAGE_SIZE = 20;

function actionColor(action: string): string {
  if (action.endsWith('delete') || action.endsWith('remove')) return 'red';
  if (action.startsWith('role.')) return 'purple';
  if (action.startsWith('examinee.')) return 'cyan';
  return 'blue';
}

function Diff({ rows }: { rows: DiffRow[] }) {
  return (
    // width auto: the list's own table styles would otherwise stretch this one across the cell
    <table style={{ width: 'auto', borderCollapse: 'collapse', marginTop: 4, fontSize: 13 }}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <td style={{ padding: '2px 12px 2px 0', color: '#86909c', whiteSpace: 'nowrap' }}>{r.field}</td>
            <td style={{ padding: '2px 8px 2px 0' }}>
              <Typography.Text delete type="secondary">
                {r.before}
              </Typography.Text>
            </td>
            <td style={{ padding: '2px 8px', color: '#86909c' }}>→</td>
            <td style={{ padding: '2px 0' }}>
              <Typography.Text>{r.after}</Typography.Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 动态日志: newest first, each change with a readable summary and its before/after. */
export function DynamicLogPanel({ exam }: { exam: ExamDetail }) {
  const [page, setPage] = useState(1);
  const log = useQuery(dynamicLogQuery(exam.id, page, PAGE_SIZE));
  const staff = useQuery({ ...staffQuery(exam.id), meta: { silent: true } });
  // Logs keep ids; names come from the exam as it is now (a removed person shows by id).
  const look = useMemo<LogLookup>(
    () => ({
      subjects: new Map(exam.subjects.map((s) => [s.id, s.name])),
      schools: new Map(exam.schoolList.map((s) => [s.id, s.name])),
      users: new Map((staff.data ?? []).map((s) => [s.userId, s.name])),
    }),
    [exam, staff.data],
  );

  return (
    <Card data-testid="dynamic-log">
      <QueryTable<DynamicLogItem>
        rowKey="id"
        query={log}
        dataSource={log.data?.items ?? []}
        empty="暂无操作记录"
        columns={[
          {
            title: '时间',
            dataIndex: 'at',
            width: 170,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          { title: '操作人', dataIndex: 'userName', width: 110, render: (v: string | null) => v ?? '系统' },
          {
            title: '操作',
            dataIndex: 'action',
            width: 130,
            render: (a: string) => <Tag color={actionColor(a)}>{actionLabel(a)}</Tag>,
          },
          {
            title: '内容',
            key: 'detail',
            render: (_, r) => {
              const v = describeLog(r.action, r.detail, look);
              if (!v.summary && !v.diff.length) return <Typography.Text type="secondary">—</Typography.Text>;
              return (
                <>
                  {v.summary && <div>{v.summary}</div>}
                  {v.diff.length > 0 && <Diff rows={v.diff} />}
                </>
              );
            },
          },
        ]}
        pagination={serverPages(page, PAGE_SIZE, log.data?.total, setPage, {
          showTotal: (t) => `共 ${t} 条记录`,
        })}
      />
    </Card>
  );
}
