import { useExclusive } from '../../app/useExclusive';
import { useOneAtATime } from '../../app/useOneAtATime';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { CARD_PAPERS, type CardItem } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { acardApi, acardKeys } from './acard.api';
import { cardListQuery } from './acard.queries';
import { cardLock } from './card-lock';

/** subject/{subjectId}/acard/template/home: the subject's online answer cards with 编辑 / 下载 / 删除. */
export function CardHomeView({ subject, permission, exam }: SubjectBundle) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useQuery(cardListQuery(subjectId));
  const remove = useOneAtATime({
    mutationFn: (id: number) => acardApi.remove(subjectId, id),
    onSuccess: async () => {
      message.success('答题卡模板已删除');
      await Promise.all([
        qc.invalidateQueries({ queryKey: acardKeys.subject(subjectId) }),
        qc.invalidateQueries({ queryKey: ['template'] }),
      ]);
    },
  });
  const refresh = useOneAtATime({
    mutationFn: (id: number) => acardApi.refresh(subjectId, id),
    onSuccess: async () => {
      message.success('答题卡已按当前题目结构重新排版并保存');
      await Promise.all([
        qc.invalidateQueries({ queryKey: acardKeys.subject(subjectId) }),
        qc.invalidateQueries({ queryKey: ['template'] }),
      ]);
    },
  });
  const personal = useExclusive();
  const locked = cardLock(permission, info.status);
  const editable = locked === null;
  const base = `/book/subject/${subjectId}/acard/template`;
  const fileName = `${info.name}答题卡.pdf`;

  const columns = [
    { title: '模板名称', dataIndex: 'mainTemplateName' },
    {
      title: '版式',
      render: (_: unknown, c: CardItem) =>
        `${CARD_PAPERS[c.paper].label} · ${c.columns} 栏 · ${c.twoSided ? '双面' : '单面'}`,
    },
    { title: '页数', dataIndex: 'pages', render: (n: number) => `${n} 页` },
    {
      title: '状态',
      render: (_: unknown, c: CardItem) =>
        c.current ? (
          <Tag color="success">与题目结构一致</Tag>
        ) : (
          <Tooltip title="保存答题卡后题目有改动：请“按当前结构更新”（或编辑后重新保存），再下载打印">
            <Tag color="warning">需重新保存</Tag>
          </Tooltip>
        ),
    },
    { title: '保存时间', dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      render: (_: unknown, c: CardItem) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={() => void navigate(`${base}/create?templateId=${c.templateId}`)}
          >
            {editable ? '编辑' : '查看'}
          </Button>
          {editable && !c.current && (
            <Button
              size="small"
              type="link"
              icon={<SyncOutlined />}
              loading={refresh.isPending && refresh.variables === c.templateId}
              onClick={() => refresh.mutate(c.templateId)}
              data-testid="refresh-card"
            >
              按当前结构更新
            </Button>
          )}
          <Button
            size="small"
            type="link"
            icon={<DownloadOutlined />}
            disabled={!c.current}
            onClick={() => void acardApi.savedPdf(subjectId, c.templateId, fileName)}
          >
            下载
          </Button>
          {c.barcode && (
            <Tooltip title="每位考生一张，考号印成条形码、印上姓名和班级，考生不用填涂考号、不用贴条码">
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                disabled={!c.current || personal.busy}
                loading={personal.busy}
                onClick={() =>
                  void personal.run(async () => {
                    await acardApi.personalPdf(subjectId, c.templateId, `${info.name}个性化答题卡.pdf`);
                  })
                }
                data-testid="personal-pdf"
              >
                个性化答题卡
              </Button>
            </Tooltip>
          )}
          {editable && (
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                modal.confirm({
                  title: `删除答题卡模板「${c.mainTemplateName}」？`,
                  content: '删除后将无法按此模板识别扫描的答题卡。',
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => remove.mutateAsync(c.templateId),
                })
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const create = editable && (
    <Link to={`${base}/create`}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="new-acard">
        新建在线答题卡
      </Button>
    </Link>
  );
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, info, { title: '在线答题卡' })}
      title={`${exam.name} · ${info.name} · 在线答题卡`}
      extra={
        <Space>
          <Link to={`/book/subject/${subjectId}/template/home`}>
            <Button>全部模板</Button>
          </Link>
          {create}
        </Space>
      }
      testId="acard-home"
    >
      {list.isError ? (
        <QueryFailed title="答题卡列表加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Card data-testid="acard-table">
          {locked && (
            <Alert
              type="info"
              showIcon
              title={locked}
              style={{ marginBottom: 12 }}
              data-testid="acard-locked"
            />
          )}
          <Table<CardItem>
            rowKey="templateId"
            loading={list.isPending}
            dataSource={list.data ?? []}
            columns={columns}
            pagination={false}
            locale={{
              emptyText: (
                <Empty description="还没有在线答题卡：按题目结构排版、下载打印，保存后即可扫描识别">
                  {create}
                </Empty>
              ),
            }}
          />
        </Card>
      )}
    </PageFrame>
  );
}
