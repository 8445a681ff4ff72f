import { DownOutlined } from '@ant-design/icons';
import { EXAM_TYPE_LABELS, type ExamListItem, type ExamListRow } from '@yj/contracts';
import { Button, Dropdown, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { examStateLabel, examStateOf, subjectStatusColor, subjectStatusLabel } from './exam-state';

export interface RowActions {
  copy: (e: ExamListItem) => void;
  remove: (e: ExamListItem) => void;
}

/** 2026-11-12 ～ 11-13: the end drops the year when it is the same, so a list cell stays on one line. */
export function dateRange(start: string | null, end: string | null): string {
  if (!start) return '未定';
  if (!end || end === start) return start;
  return `${start} ～ ${end.slice(0, 4) === start.slice(0, 4) ? end.slice(5) : end}`;
}

/** Columns of the exam lists; the joint list shows schools where the school list shows the grade's type. */
export function examColumns(joint: boolean, actions: RowActions): TableColumnsType<ExamListRow> {
  return [
    {
      title: '考试名称',
      dataIndex: 'name',
      render: (name: string, e) => (
        <Space size={6} wrap>
          <Link to={`/book/exam/${e.id}`}>
            <Typography.Text strong style={{ color: 'inherit' }}>
              {name}
            </Typography.Text>
          </Link>
          {e.hidden && <Tag>已隐藏</Tag>}
        </Space>
      ),
    },
    joint
      ? { title: '学校', dataIndex: 'schools', width: 90, render: (n: number) => `${n} 所` }
      : {
          title: '类型',
          dataIndex: 'type',
          width: 100,
          render: (t: number) => <Tag>{EXAM_TYPE_LABELS[t] ?? '其他'}</Tag>,
        },
    { title: '年级', dataIndex: 'gradeName', width: 80, render: (v: string | null) => v ?? '—' },
    {
      title: '科目',
      dataIndex: 'subjects',
      width: 230,
      render: (subjects: ExamListItem['subjects']) =>
        subjects.length ? (
          <Space size={[4, 4]} wrap>
            {subjects.map((s) => (
              <Tooltip key={s.id} title={`满分 ${s.fullScore} 分 · ${subjectStatusLabel(s.status)}`}>
                <Tag color={subjectStatusColor(s.status)} variant="filled">
                  {s.name}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">未添加科目</Typography.Text>
        ),
    },
    { title: '考生', dataIndex: 'examinees', width: 80, align: 'right', render: (n: number) => `${n} 人` },
    {
      title: '考试日期',
      dataIndex: 'startDate',
      width: 170,
      render: (_: string | null, e) => dateRange(e.startDate, e.endDate),
    },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_, e) => examStateLabel(examStateOf(e.subjects)),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, e) => (
        <Space size={12} style={{ whiteSpace: 'nowrap' }}>
          <Link to={`/book/exam/${e.id}`}>详情</Link>
          {/* 编辑 and 更多 only where the server lets this person manage the exam (it answered 无权限) */}
          {e.canManage && <Link to={`/book/exam/${e.id}/edit`}>编辑</Link>}
          {e.canManage && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'copy', label: '复制考试', onClick: () => actions.copy(e) },
                  {
                    key: 'hide',
                    label: <Link to={`/book/exam/${e.id}/hide`}>{e.hidden ? '恢复显示' : '隐藏考试'}</Link>,
                  },
                  { type: 'divider' },
                  { key: 'delete', label: '删除考试', danger: true, onClick: () => actions.remove(e) },
                ],
              }}
            >
              <Button type="link" size="small" aria-label={`更多操作：${e.name}`}>
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      ),
    },
  ];
}
