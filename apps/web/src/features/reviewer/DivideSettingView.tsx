import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DivideView } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Select, Skeleton, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { assignmentQuery, divideQuery, reviewerApi, reviewerKeys } from './reviewer.api';

type Group = { classIds: number[]; userIds: number[] };

/** The groups editor of one block: a class and a marker belong to one group at most. */
function Groups({ subjectId, view, canEdit }: { subjectId: number; view: DivideView; canEdit: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [groups, setGroups] = useState<Group[]>(view.groups);
  const dirty = useMemo(() => JSON.stringify(groups) !== JSON.stringify(view.groups), [groups, view.groups]);
  useUnsavedGuard(dirty);
  const save = useOneAtATime({
    mutationFn: (g: Group[]) => reviewerApi.saveDivide(subjectId, view.blockId, { groups: g }),
    onSuccess: async (v) => {
      qc.setQueryData(reviewerKeys.divide(subjectId, view.blockId), v);
      await qc.invalidateQueries({ queryKey: reviewerKeys.subject(subjectId) });
      message.success('已保存按班级分配');
    },
  });
  const set = (i: number, g: Group) => setGroups(groups.map((x, j) => (j === i ? g : x)));
  const takenBy = (i: number, key: 'classIds' | 'userIds') =>
    new Set(groups.flatMap((g, j) => (j === i ? [] : g[key])));
  const unassigned = view.classes.filter((c) => !groups.some((g) => g.classIds.includes(c.id)));
  if (!view.markers.length) return <Empty description="本题块还没有阅卷老师，请先在阅卷分配中添加" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      {view.assignMode !== 'class' && (
        <Alert type="info" showIcon title="保存后本题块的分配方式将改为“按班级分配”" />
      )}
      {unassigned.length > 0 && groups.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`还有 ${unassigned.length} 个班级未分组：${unassigned.map((c) => c.name).join('、')}`}
        />
      )}
      <Table<Group & { i: number }>
        rowKey="i"
        pagination={false}
        dataSource={groups.map((g, i) => ({ ...g, i }))}
        locale={{ emptyText: '还没有分组' }}
        columns={[
          { title: '组', key: 'n', width: 90, render: (_: unknown, g) => `第 ${g.i + 1} 组` },
          {
            title: '班级',
            key: 'c',
            render: (_: unknown, g) => (
              <Select<number[]>
                mode="multiple"
                aria-label={`第 ${g.i + 1} 组班级`}
                style={{ width: '100%' }}
                disabled={!canEdit}
                value={g.classIds}
                onChange={(v) => set(g.i, { ...g, classIds: v })}
                showSearch={{ optionFilterProp: 'label' }}
                options={view.classes
                  .filter((c) => !takenBy(g.i, 'classIds').has(c.id))
                  .map((c) => ({ value: c.id, label: `${c.schoolName} ${c.name}（${c.examinees} 人）` }))}
              />
            ),
          },
          {
            title: '阅卷老师',
            key: 'u',
            render: (_: unknown, g) => (
              <Select<number[]>
                mode="multiple"
                aria-label={`第 ${g.i + 1} 组阅卷老师`}
                style={{ width: '100%' }}
                disabled={!canEdit}
                value={g.userIds}
                onChange={(v) => set(g.i, { ...g, userIds: v })}
                showSearch={{ optionFilterProp: 'label' }}
                options={view.markers
                  .filter((m) => !takenBy(g.i, 'userIds').has(m.userId))
                  .map((m) => ({ value: m.userId, label: m.name }))}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'd',
                  width: 60,
                  render: (_: unknown, g: Group & { i: number }) => (
                    <Button
                      type="text"
                      danger
                      aria-label="删除该组"
                      icon={<DeleteOutlined />}
                      onClick={() => setGroups(groups.filter((_x, j) => j !== g.i))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit && (
        <Space>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setGroups([...groups, { classIds: [], userIds: [] }])}
          >
            添加分组
          </Button>
          <Button
            type="primary"
            disabled={!dirty && view.assignMode === 'class'}
            loading={save.isPending}
            onClick={() => save.mutate(groups)}
          >
            保存
          </Button>
        </Space>
      )}
    </Space>
  );
}

/** subject/{subjectId}/setting/divide (按班级分配): a block's classes in groups, each marked by its markers. */
export function DivideSettingView({ subject, exam, permission }: SubjectBundle) {
  const sInfo = subject.subjectInfo;
  const [params, setParams] = useSearchParams();
  const list = useQuery(assignmentQuery(sInfo.id));
  const blockId = Number(params.get('blockId')) || list.data?.blocks[0]?.blockId || 0;
  const view = useQuery({ ...divideQuery(sInfo.id, blockId), enabled: blockId > 0 });
  const canEdit = permission.editSetting && sInfo.status < 5;
  const failed = [list, view].find((q) => q.isError);
  return (
    <PageFrame
      crumbs={subjectCrumbs(
        exam,
        sInfo,
        { title: '阅卷分配', to: `/book/subject/${sInfo.id}/setting/task` },
        { title: '按班级分配' },
      )}
      title={`${exam.name} · ${sInfo.name} · 按班级分配`}
      testId="divide-setting"
      extra={
        <Select<number>
          aria-label="选择题块"
          style={{ width: 220 }}
          value={blockId || undefined}
          placeholder="选择题块"
          onChange={(id) => setParams({ blockId: String(id) })}
          options={(list.data?.blocks ?? []).map((b) => ({ value: b.blockId, label: b.name }))}
        />
      }
    >
      <Card>
        {failed ? (
          <QueryFailed title="按班级分配加载失败" error={failed.error} onRetry={() => void view.refetch()} />
        ) : list.data && !list.data.blocks.length ? (
          <Empty description="本科目还没有题块" />
        ) : !view.data ? (
          <Skeleton active />
        ) : (
          <Groups // remounted with the saved groups after a save (the server orders them)
            key={`${view.data.blockId}:${JSON.stringify(view.data.groups)}`}
            subjectId={sInfo.id}
            view={view.data}
            canEdit={canEdit}
          />
        )}
      </Card>
    </PageFrame>
  );
}
