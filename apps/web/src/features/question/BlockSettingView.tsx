import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ARBITRATION_LABELS,
  ASSIGN_MODE_LABELS,
  FINAL_RULE_LABELS,
  type SubjectiveQuestion,
} from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import {
  blockPerQuestion,
  blockScore,
  blocksBody,
  emptyBlock,
  fromItem,
  unassigned,
  type BlockDraft,
} from './block-edit';
import { BlockModal } from './BlockModal';
import { questionApi, questionKeys, type BlockList } from './question.api';
import { blockListQuery, structureInfoQuery } from './question.queries';
import { ReadOnly } from './ReadOnly';
import { SaveBar } from './SaveBar';
import { MissingFirst } from '../../components/MissingFirst';

function BlockEditor({
  subjectId,
  list,
  questions,
  readOnly,
}: {
  subjectId: number;
  list: BlockList;
  questions: SubjectiveQuestion[];
  readOnly: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [saved, setSaved] = useState(() => list.blocks.map(fromItem));
  const [blocks, setBlocks] = useState(saved);
  const [editing, setEditing] = useState<BlockDraft | null>(null);
  const save = useOneAtATime({
    meta: { silent: true },
    mutationFn: () => questionApi.saveBlocks(subjectId, blocksBody(blocks)),
    onSuccess: (res) => {
      message.success('题块已保存');
      const next = res.blocks.map(fromItem);
      setSaved(next);
      setBlocks(next);
      qc.setQueryData(questionKeys.blocks(subjectId), res);
    },
  });
  const left = unassigned(blocks, questions);
  const dirty = JSON.stringify(blocksBody(blocks)) !== JSON.stringify(blocksBody(saved));
  useUnsavedGuard(dirty);

  const columns = [
    { title: '题块名称', dataIndex: 'name' },
    { title: '题目', render: (_: unknown, b: BlockDraft) => b.nos.map((n) => `第${n}题`).join('、') },
    { title: '满分', render: (_: unknown, b: BlockDraft) => `${blockScore(b.nos, questions)} 分` },
    {
      title: '评阅方式',
      render: (_: unknown, b: BlockDraft) =>
        b.markCount === 1 ? (
          <Tag>单评</Tag>
        ) : (
          <Space size={4} wrap>
            <Tag color="purple">双评</Tag>
            <span>
              阈值 {b.threshold} 分 · {FINAL_RULE_LABELS[b.finalRule]} · {ARBITRATION_LABELS[b.arbitration]}
            </span>
          </Space>
        ),
    },
    {
      title: '切割区域',
      render: (_: unknown, b: BlockDraft) =>
        b.regions.length ? `${b.regions.length} 个区域` : <Tag>未框选</Tag>,
    },
    {
      title: '任务分配',
      render: (_: unknown, b: BlockDraft) =>
        `${ASSIGN_MODE_LABELS[b.assignMode]}${b.assignMode === 'free' && b.quota ? `（每人 ${b.quota} 份）` : ''}`,
    },
    {
      title: '操作',
      render: (_: unknown, b: BlockDraft) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(b)}>
            编辑
          </Button>
          <Button
            size="small"
            type="link"
            danger
            icon={<DeleteOutlined />}
            onClick={() => setBlocks((x) => x.filter((y) => y.key !== b.key))}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  if (!questions.length)
    return (
      <MissingFirst
        what="还没有主观题：请先在题目设置中录入主观题"
        to={`/book/subject/${subjectId}/setting/question`}
        go="去题目设置"
      />
    );
  return (
    <Card>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {left.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="unassigned"
            title={`未分到题块的主观题：${left.map((n) => `第${n}题`).join('、')}（每道主观题都须在一个题块中才能阅卷）`}
          />
        ) : (
          <Alert type="success" showIcon title="所有主观题都已分到题块" data-testid="all-assigned" />
        )}
        <Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(emptyBlock(`题块${blocks.length + 1}`))}
            data-testid="add-block"
          >
            新增题块
          </Button>
          <Button disabled={!left.length} onClick={() => setBlocks((x) => blockPerQuestion(x, questions))}>
            未分配的题每题一块
          </Button>
        </Space>
        <Table<BlockDraft>
          rowKey="key"
          size="small"
          dataSource={blocks}
          columns={columns}
          pagination={false}
          data-testid="block-table"
          locale={{ emptyText: '还没有题块' }}
        />
        {!readOnly && (
          <SaveBar
            label="保存题块"
            dirty={dirty}
            saving={save.isPending}
            error={save.error}
            onSave={() => save.mutate()}
            testId="save-blocks"
          />
        )}
      </Space>
      {editing && (
        <BlockModal
          initial={editing}
          // a block listed already (saved, or made by 每题一块 and not yet saved) is edited, never added
          isNew={!blocks.some((b) => b.key === editing.key)}
          others={blocks.filter((b) => b.key !== editing.key)}
          questions={questions}
          onCancel={() => setEditing(null)}
          onOk={(b) => {
            setBlocks((x) =>
              x.some((y) => y.key === b.key) ? x.map((y) => (y.key === b.key ? b : y)) : [...x, b],
            );
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}

/** subject/{subjectId}/setting/block (题块设置): subjective questions grouped into blocks for marking. */
export function BlockSettingView({ subject, exam, permission }: SubjectBundle) {
  const sInfo = subject.subjectInfo;
  const info = useQuery(structureInfoQuery(sInfo.id));
  const list = useQuery(blockListQuery(sInfo.id));
  const failed = [info, list].find((q) => q.isError);
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, sInfo, { title: '题块设置' })}
      title={`${exam.name} · ${sInfo.name} · 题块设置`}
      extra={
        <Space>
          <Link to={`/book/subject/${sInfo.id}/setting/question`}>
            <Button>题目设置</Button>
          </Link>
          <Link to={`/book/exam/${exam.id}/setting/block`}>
            <Button>全部科目题块</Button>
          </Link>
          <Link to={`/book/subject/${sInfo.id}/setting/block/style`} data-testid="to-block-style">
            <Button type="primary" ghost>
              题块框选与给分点
            </Button>
          </Link>
        </Space>
      }
      testId="block-setting"
    >
      {info.data && !info.data.editable && (
        <Alert
          type="warning"
          showIcon
          title="科目已不在“设置中”，题块不能再修改"
          data-testid="not-editable"
        />
      )}
      {failed ? (
        <QueryFailed
          title="题块加载失败"
          error={failed.error}
          onRetry={() => {
            void info.refetch();
            void list.refetch();
          }}
        />
      ) : !info.data || !list.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <ReadOnly readOnly={!permission.editSetting}>
          <BlockEditor
            subjectId={sInfo.id}
            list={list.data}
            questions={info.data.structure.subjective}
            readOnly={!permission.editSetting}
          />
        </ReadOnly>
      )}
    </PageFrame>
  );
}
