import { useOneAtATime } from '../../../app/useOneAtATime';
import { PlusOutlined } from '@ant-design/icons';
import type { ClassItem, GradeItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PanelError } from '../common/PanelError';
import { schoolAdminApi } from '../school-admin.api';
import { classesQuery, gradesQuery, useRefreshSchool } from '../school-admin.queries';
import { ClassFormModal } from './ClassFormModal';
import { GradeFormModal } from './GradeFormModal';
import { QueryTable } from '../../../components/QueryTable';

const gradeColumns: TableColumnsType<GradeItem> = [
  { title: '年级', dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
  { title: '入学年份', dataIndex: 'entryYear', width: 90, render: (v: number | null) => v ?? '—' },
  { title: '班级', dataIndex: 'classes', width: 64, align: 'right' },
  { title: '学生', dataIndex: 'students', width: 64, align: 'right' },
];

/** 年级 card: grades on the left; the chosen grade's classes on the right, to add, rename or delete. */
export function GradesPanel({ schoolId }: { schoolId: number }) {
  const { message } = App.useApp();
  const grades = useQuery(gradesQuery(schoolId));
  const classes = useQuery(classesQuery(schoolId));
  const refresh = useRefreshSchool(schoolId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [gradeOpen, setGradeOpen] = useState(false);
  const [classForm, setClassForm] = useState<{ renaming: ClassItem | null } | null>(null);

  const remove = useOneAtATime({
    mutationFn: (c: ClassItem) => schoolAdminApi.deleteClass(schoolId, c.id),
    onSuccess: (_r, c) => {
      void message.success(`已删除班级 ${c.name}`);
      void refresh();
    },
  });

  if (grades.isError && !grades.data)
    return <PanelError what="年级" error={grades.error} onRetry={() => void grades.refetch()} />;
  const list = grades.data ?? [];
  const chosen = list.find((g) => g.id === chosenId) ?? list[0] ?? null;
  const ofGrade = (classes.data ?? []).filter((c) => c.gradeId === chosen?.id);

  const classColumns: TableColumnsType<ClassItem> = [
    {
      title: '班级',
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (k: number) => (k === 2 ? <Tag color="purple">教学班</Tag> : <Tag color="blue">行政班</Tag>),
    },
    { title: '学生数', dataIndex: 'students', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_v, c) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setClassForm({ renaming: c })}>
            改名
          </Button>
          {c.students > 0 ? (
            <Tooltip title={`班级还有 ${c.students} 名学生，请先调出或删除学生`}>
              <Button type="link" size="small" danger disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={`删除班级 ${c.name}？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(c)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div
      data-testid="grades-panel"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(320px, 2fr) 3fr', gap: 16, alignItems: 'start' }}
    >
      <Card
        size="small"
        title="年级"
        extra={
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setGradeOpen(true)}>
            新增年级
          </Button>
        }
      >
        <QueryTable<GradeItem>
          rowKey="id"
          size="small"
          columns={gradeColumns}
          dataSource={list}
          query={grades}
          pagination={false}
          empty="还没有年级，请先新增年级（如 高一）"
          onRow={(g) => ({ onClick: () => setChosenId(g.id), style: { cursor: 'pointer' } })}
          rowClassName={(g) => (g.id === chosen?.id ? 'ant-table-row-selected' : '')}
        />
      </Card>
      <Card
        size="small"
        title={chosen ? `${chosen.name}的班级` : '班级'}
        extra={
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            disabled={!chosen}
            onClick={() => setClassForm({ renaming: null })}
          >
            新增班级
          </Button>
        }
      >
        {classes.isError && !classes.data ? (
          <PanelError what="班级" error={classes.error} onRetry={() => void classes.refetch()} />
        ) : (
          <QueryTable<ClassItem>
            rowKey="id"
            size="small"
            columns={classColumns}
            dataSource={ofGrade}
            query={classes}
            pagination={false}
            empty={chosen ? `${chosen.name}还没有班级，点击右上角“新增班级”添加` : '请先新增年级'}
          />
        )}
      </Card>
      <GradeFormModal
        schoolId={schoolId}
        open={gradeOpen}
        onClose={() => setGradeOpen(false)}
        onSaved={(id) => {
          setChosenId(id);
          void refresh();
        }}
      />
      <ClassFormModal
        schoolId={schoolId}
        grade={chosen}
        renaming={classForm?.renaming ?? null}
        open={classForm !== null}
        onClose={() => setClassForm(null)}
        onSaved={() => void refresh()}
      />
    </div>
  );
}
