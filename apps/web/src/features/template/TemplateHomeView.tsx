import { useOneAtATime } from '../../app/useOneAtATime';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { scanningTemplate, type TemplateItem } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popover, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed, failureText } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { templateApi } from './template.api';
import { templateCheckQuery, templateKeys, templateListQuery } from './template.queries';
import { CARD_TYPE_LABELS } from './TemplateMetaForm';

/** The server's check of one template: ready, or its problems on hover. */
export function TemplateCheckTag({ subjectId, t }: { subjectId: number; t: TemplateItem }) {
  const q = useQuery(templateCheckQuery(subjectId, t.id, t.updatedAt));
  if (q.isPending) return <Tag>检查中</Tag>;
  if (q.isError && !q.data) return <Tag color="default">{failureText(q.error)}</Tag>;
  if (q.data.ok) return <Tag color="success">可以使用</Tag>;
  return (
    <Popover
      title="模板问题"
      content={
        <ul style={{ margin: 0, paddingLeft: 18, maxWidth: 420 }}>
          {q.data.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      }
    >
      <Tag color="warning" style={{ cursor: 'help' }}>
        {q.data.problems.length} 个问题：{q.data.problems[0]}
      </Tag>
    </Popover>
  );
}

/**
 * Which template scanning reads the subject's pages with: a 扫描使用中 tag on that one, a 设为扫描模板
 * action on the others (an empty template cannot be chosen) for whom may edit the subject's settings.
 */
export function ScanningCell({
  subjectId,
  t,
  list,
  canChoose,
}: {
  subjectId: number;
  t: TemplateItem;
  list: TemplateItem[];
  canChoose: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const activate = useOneAtATime({
    mutationFn: () => templateApi.activate(subjectId, t.id),
    onSuccess: async () => {
      message.success(`扫描将使用模板“${t.mainTemplateName}”`);
      await qc.invalidateQueries({ queryKey: templateKeys.subject(subjectId) });
    },
  });
  if (scanningTemplate(list)?.id === t.id)
    return (
      <Tag color="processing" data-testid="scanning-template">
        扫描使用中
      </Tag>
    );
  if (t.pages === 0) return <Typography.Text type="secondary">空模板</Typography.Text>;
  if (!canChoose) return <Typography.Text type="secondary">未使用</Typography.Text>;
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      loading={activate.isPending}
      onClick={() => activate.mutate()}
      data-testid="activate-template"
    >
      设为扫描模板
    </Button>
  );
}

/**
 * subject/{subjectId}/template/home: the subject's card templates; made, changed and chosen by whom may edit the
 * subject's settings, listed for whom may read the exam.
 */
export function TemplateHomeView({ subject, exam, permission }: SubjectBundle) {
  const canEdit = permission.editSetting;
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery(templateListQuery(subjectId));
  const remove = useOneAtATime({
    mutationFn: (id: number) => templateApi.remove(subjectId, id),
    onSuccess: async () => {
      message.success('模板已删除');
      await qc.invalidateQueries({ queryKey: templateKeys.subject(subjectId) });
    },
  });
  const base = `/book/subject/${subjectId}/template`;
  const actions = {
    title: '操作',
    key: 'actions',
    render: (_: unknown, t: TemplateItem) => (
      <Space size={0}>
        <Link to={`${base}/edit?templateId=${t.id}`}>
          <Button type="link" icon={<EditOutlined />}>
            编辑
          </Button>
        </Link>
        <Button
          type="link"
          danger
          icon={<DeleteOutlined />}
          onClick={() =>
            modal.confirm({
              title: `删除模板“${t.mainTemplateName}”？`,
              content: '删除后不能恢复；已按此模板识别的答卷不受影响。',
              okText: '删除',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: () => remove.mutateAsync(t.id),
            })
          }
        >
          删除
        </Button>
      </Space>
    ),
  };
  const create = canEdit && (
    <Link to={`${base}/create`}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="new-template">
        新建模板
      </Button>
    </Link>
  );
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, info, { title: '答题卡模板' })}
      title={`${exam.name} · ${info.name} · 答题卡模板`}
      extra={
        <Space>
          <Link to={`/book/exam/${exam.id}/allTemplate`}>
            <Button>全部科目模板</Button>
          </Link>
          {create}
        </Space>
      }
      testId="template-home"
    >
      {list.isError ? (
        <QueryFailed title="模板列表加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Card>
          <Table<TemplateItem>
            rowKey="id"
            loading={list.isPending}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{
              emptyText: (
                <Empty description="本科目还没有答题卡模板。上传空白答题卡的扫描图，框选定位点、考号和题目后即可识别答卷。">
                  {create}
                </Empty>
              ),
            }}
            columns={[
              {
                title: '模板名称',
                dataIndex: 'mainTemplateName',
                render: (v: string, t) =>
                  canEdit ? <Link to={`${base}/edit?templateId=${t.id}`}>{v}</Link> : v,
              },
              {
                title: '类型',
                dataIndex: 'cardType',
                render: (v: TemplateItem['cardType']) => CARD_TYPE_LABELS[v],
              },
              {
                title: '页数',
                dataIndex: 'pages',
                render: (v: number, t) => `${v} 页${t.isDoubleTemplate ? '（双面）' : ''}`,
              },
              { title: 'dpi', dataIndex: 'dpiValue' },
              {
                title: '更新时间',
                dataIndex: 'updatedAt',
                render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
              },
              {
                title: '检查',
                key: 'check',
                render: (_: unknown, t) => <TemplateCheckTag subjectId={subjectId} t={t} />,
              },
              {
                title: '扫描',
                key: 'scanning',
                render: (_: unknown, t) => (
                  <ScanningCell subjectId={subjectId} t={t} list={list.data ?? []} canChoose={canEdit} />
                ),
              },
              ...(canEdit ? [actions] : []),
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            模板只能在科目“设置中”时新建、修改或删除。扫描按“扫描使用中”的模板识别新上传的答题卡（未指定时用最早建立的模板）；已识别的批次仍按当时的模板。
          </Typography.Paragraph>
        </Card>
      )}
    </PageFrame>
  );
}
