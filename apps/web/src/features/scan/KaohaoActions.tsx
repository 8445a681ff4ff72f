import {
  ScanExceptionDetailSchemas,
  type ExamineeItem,
  type ScanExceptionDetail,
  type ScanPaperView,
} from '@yj/contracts';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describeError, isRecord } from '../../api/errors';
import { examAdminApi } from '../exam-admin/exam-admin.api';
import { failureText } from '../exam-admin/QueryFailed';
import { useCanScan } from './can-scan';
import { PageImage } from './PageImage';
import { scanApi } from './scan.api';
import { useFix } from './useFix';

/** One paper shown for comparison: its first page, exam number and examinee. */
export function PaperCard({
  paper,
  title,
  action,
}: {
  paper: ScanPaperView;
  title: string;
  action?: ReactNode;
}) {
  const first = paper.pages[0];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`paper-${paper.id}`}>
      <Space wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Tag>考号 {paper.kaohao ?? '未识别'}</Tag>
        {paper.name && <Tag color="blue">{paper.name}</Tag>}
        <Tag>批次 #{paper.batchId}</Tag>
        {action}
      </Space>
      {first ? (
        <PageImage pageId={first.id} height={420} />
      ) : (
        <Typography.Text type="secondary">无图像</Typography.Text>
      )}
    </Space>
  );
}

/** Searches the exam's examinees by name or exam number. */
function ExamineeSearch({ examId, onPick }: { examId: number; onPick: (e: ExamineeItem | null) => void }) {
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: ['scan', 'examinee-search', examId, keyword],
    queryFn: () => examAdminApi.examinees(examId, { keyword: keyword || undefined, page: 1, size: 20 }),
    enabled: keyword.length > 0,
    meta: { silent: true },
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder="输入姓名或考号搜索考生"
      style={{ width: 320 }}
      loading={list.isFetching}
      notFoundContent={keyword ? '没有找到考生' : '请输入姓名或考号'}
      options={(list.data?.items ?? []).map((e) => ({
        value: e.id,
        label: `${e.name} · ${e.kaohao} · ${e.className}`,
      }))}
      onChange={(v) => onPick(list.data?.items.find((e) => e.id === v) ?? null)}
      data-testid="examinee-search"
    />
  );
}

/**
 * 考号异常: search an examinee and give them the paper; a taken examinee opens the comparison. A sheet raised for
 * standing among another room's sheets (detail.room) still has its examinee: it may be confirmed as theirs.
 */
export function KaohaoActions({
  subjectId,
  examId,
  d,
}: {
  subjectId: number;
  examId: number;
  d: ScanExceptionDetail;
}) {
  const { modal, message } = App.useApp();
  const [pick, setPick] = useState<ExamineeItem | null>(null);
  const assign = useFix(
    subjectId,
    (examineeId: number) => scanApi.assign(subjectId, d.exception.id, examineeId),
    '已分配考生',
    true,
  );
  async function run() {
    if (!pick) return;
    try {
      await assign.mutateAsync(pick.id);
    } catch (err) {
      const why = describeError(err);
      const data = why.data;
      if (!isRecord(data) || typeof data.examineeId !== 'number') {
        message.error(failureText(err));
        return;
      }
      const held = await scanApi.studentPaper(subjectId, data.examineeId);
      if (!held.paper || !d.paper) {
        message.error(why.message ?? '该考生已有答题卡');
        return;
      }
      modal.info({
        title: why.message ?? `${held.examinee.name}（${held.examinee.kaohao}）已有答题卡`,
        width: 1100,
        content: (
          <Row gutter={16}>
            <Col span={12}>
              <PaperCard paper={d.paper} title="这张答题卡" />
            </Col>
            <Col span={12}>
              <PaperCard paper={held.paper} title="已有的答题卡" />
            </Col>
          </Row>
        ),
      });
    }
  }
  const read = ScanExceptionDetailSchemas.kaohao.safeParse(d.exception.detail).data;
  const own =
    (read?.room || read?.seat) && d.paper?.examineeId != null
      ? { id: d.paper.examineeId, name: d.paper.name }
      : null;
  const give = (who: { id: number; name: string | null }, testId: string, label: string) => (
    <Popconfirm
      key={who.id}
      title={`核对过姓名，确认这张答卷是 ${who.name ?? '该考生'} 的？`}
      okText="确认"
      cancelText="取消"
      onConfirm={() => assign.mutateAsync(who.id).catch((err: unknown) => message.error(failureText(err)))}
    >
      <Button loading={assign.isPending} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
  return (
    <Space wrap>
      {own && give(own, 'confirm-examinee', `确认属于 ${own.name ?? '该考生'}`)}
      {read?.seat?.likely.map((x) =>
        give({ id: x.examineeId, name: x.name }, `give-${x.examineeId}`, `改为 ${x.name}（${x.kaohao}）`),
      )}
      <ExamineeSearch examId={examId} onPick={setPick} />
      <Button
        type="primary"
        disabled={!pick}
        loading={assign.isPending}
        onClick={() => void run()}
        data-testid="assign"
      >
        分配给该考生
      </Button>
    </Space>
  );
}

/** 考号重复: the two papers side by side; keep the right one, the other is set aside. */
export function RepeatActions({ subjectId, d }: { subjectId: number; d: ScanExceptionDetail }) {
  const canScan = useCanScan();
  const keep = useFix(
    subjectId,
    (paperId: number) => scanApi.keep(subjectId, d.exception.id, paperId),
    '已保留',
  );
  const both = [
    { paper: d.paper, title: '新扫描的答题卡' },
    { paper: d.other, title: '已匹配的答题卡' },
  ];
  return (
    <Row gutter={16}>
      {both.map(
        (x) =>
          x.paper && (
            <Col span={12} key={x.paper.id}>
              <PaperCard
                paper={x.paper}
                title={x.title}
                action={
                  // the other sheet leaves marking: a slip of the mouse must not do that unasked
                  canScan && (
                    <Popconfirm
                      title="保留这张答题卡？"
                      description="另一张将移出，不再参与阅卷。"
                      okText="保留这张"
                      cancelText="取消"
                      onConfirm={() => keep.mutateAsync(x.paper!.id).catch(() => undefined)}
                    >
                      <Button
                        type="primary"
                        size="small"
                        loading={keep.isPending && keep.variables === x.paper.id}
                        data-testid={`keep-${x.paper.id}`}
                      >
                        保留这张
                      </Button>
                    </Popconfirm>
                  )
                }
              />
            </Col>
          ),
      )}
    </Row>
  );
}
