import type { ImageBox, ScanExceptionDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { useCanScan } from './can-scan';
import { KaohaoActions, RepeatActions } from './KaohaoActions';
import { marksOf, regionLabel } from './exception-marks';
import { PageImage, type Mark } from './PageImage';
import { PaperPages, SameSheetPages } from './PaperPages';
import { scanApi, type Point } from './scan.api';
import { detailQuery } from './scan.queries';
import { SubjectiveActions } from './SubjectiveActions';
import { useFix } from './useFix';

/** 定位异常: mark the anchors in order and re-recognise, or take the page out. */
function AnchorActions({ subjectId, d }: { subjectId: number; d: ScanExceptionDetail }) {
  const [points, setPoints] = useState<Point[]>([]);
  const pageId = d.exception.pageId;
  const reanchor = useFix(
    subjectId,
    (pts: Point[]) => scanApi.reanchor(subjectId, pageId!, pts),
    '已提交定位点',
  );
  if (pageId === null) return null;
  const next = d.anchors[points.length];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text data-testid="anchor-hint">
        {next
          ? `请在图上点击定位点「${next.name}」的中心（${points.length + 1}/${d.anchors.length}）`
          : '定位点已标完，可以重新识别'}
      </Typography.Text>
      <Space>
        <Button
          type="primary"
          disabled={points.length !== d.anchors.length}
          loading={reanchor.isPending}
          onClick={() => reanchor.mutate(points)}
          data-testid="reanchor"
        >
          按标出的定位点重新识别
        </Button>
        <Button disabled={!points.length} onClick={() => setPoints((p) => p.slice(0, -1))}>
          撤销一个点
        </Button>
      </Space>
      <PageImage
        pageId={pageId}
        height={720}
        testId="anchor-image"
        points={points.map((p, i) => ({ point: p, label: `${i + 1} ${d.anchors[i]?.name ?? ''}` }))}
        onPoint={(p) => setPoints((prev) => (prev.length < d.anchors.length ? [...prev, p] : prev))}
      />
    </Space>
  );
}

/**
 * 考号异常: the exam-number grid large (its bubbles and their fill readable without zooming) beside the whole
 * sheet, where it was a page ~390 px wide.
 */
function KaohaoImages({ pageId, marks, region }: { pageId: number; marks: Mark[]; region: ImageBox }) {
  return (
    <Row gutter={12} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Typography.Text type="secondary">考号区域（放大）</Typography.Text>
        {/* margin enough for the handwritten digits above the grid, little else */}
        <PageImage
          pageId={pageId}
          marks={marks}
          region={region}
          margin={0.25}
          height={560}
          testId="kaohao-region-image"
        />
      </Col>
      <Col flex="0 0 300px">
        <Typography.Text type="secondary">整张答题卡</Typography.Text>
        <PageImage pageId={pageId} marks={marks.slice(0, 1)} height={560} testId="exception-image" />
      </Col>
    </Row>
  );
}

function Choices({ d, subjectId }: { d: ScanExceptionDetail; subjectId: number }) {
  const id = d.exception.id;
  const absent = useFix(subjectId, (v: boolean) => scanApi.absent(subjectId, id, v));
  const ab = useFix(subjectId, (v: 'A' | 'B') => scanApi.paperType(subjectId, id, v));
  const optional = useFix(subjectId, (v: string) => scanApi.optional(subjectId, id, v));
  switch (d.exception.type) {
    case 'absent':
      return (
        <Space>
          <Button
            type="primary"
            danger
            onClick={() => absent.mutate(true)}
            loading={absent.isPending}
            data-testid="absent-confirm"
          >
            确认缺考
          </Button>
          <Button onClick={() => absent.mutate(false)} loading={absent.isPending} data-testid="absent-clear">
            不是缺考，清除标记
          </Button>
        </Space>
      );
    case 'ab':
      return (
        <Space>
          <span>设为</span>
          {(['A', 'B'] as const).map((t) => (
            <Button
              key={t}
              type="primary"
              onClick={() => ab.mutate(t)}
              loading={ab.isPending}
              data-testid={`ab-${t}`}
            >
              {t} 卷
            </Button>
          ))}
        </Space>
      );
    case 'optional':
      return (
        <Space>
          <span>所选的题</span>
          {d.options.map((o) => (
            <Button key={o} type="primary" onClick={() => optional.mutate(o)} loading={optional.isPending}>
              第 {o} 题
            </Button>
          ))}
        </Space>
      );
    default:
      return null;
  }
}

/** One exception with its image, the region highlighted and the action that settles it. */
export function ExceptionPanel({
  subjectId,
  examId,
  exceptionId,
}: {
  subjectId: number;
  examId: number;
  exceptionId: number;
}) {
  const { modal } = App.useApp();
  const canScan = useCanScan();
  const q = useQuery(detailQuery(subjectId, exceptionId));
  const rescan = useFix(
    subjectId,
    () => scanApi.rescan(subjectId, exceptionId),
    '已移出，请重新扫描该考生的答题卡',
  );
  if (q.isError && !q.data)
    return <QueryFailed title="异常详情加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Card loading />;
  const d = q.data;
  const type = d.exception.type;
  const pageLevel = ['location', 'image', 'blank', 'wrongPage', 'subjective'].includes(type);
  const pageId = d.highlight?.pageId ?? d.exception.pageId ?? d.paper?.pages[0]?.id ?? null;
  const askRescan = () =>
    modal.confirm({
      title: '移出这张答题卡并重新扫描？',
      content: '答题卡会保留在记录中但不再参与阅卷，请重新扫描该考生的答题卡后上传。',
      okText: '移出',
      onOk: () => rescan.mutateAsync(undefined),
    });
  return (
    <Card
      // a reason names what to do: wrapped, never cut off
      styles={{ title: { whiteSpace: 'normal', padding: '12px 0' } }}
      title={
        <Space align="start">
          <Tag color="error">{d.exception.label}</Tag>
          <span>{d.exception.reason}</span>
        </Space>
      }
      extra={
        pageLevel &&
        canScan && (
          <Button danger onClick={askRescan} loading={rescan.isPending} data-testid="rescan">
            删除并重扫
          </Button>
        )
      }
      data-testid="exception-panel"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="考号">{d.paper?.kaohao ?? '未识别'}</Descriptions.Item>
          <Descriptions.Item label="考生">{d.paper?.name ?? '未匹配'}</Descriptions.Item>
          <Descriptions.Item label="批次">#{d.exception.batchId}</Descriptions.Item>
          <Descriptions.Item label="区域">{regionLabel(d.exception.region)}</Descriptions.Item>
        </Descriptions>
        {canScan && type === 'kaohao' && <KaohaoActions subjectId={subjectId} examId={examId} d={d} />}
        {type === 'kaohaoRepeat' ? (
          <RepeatActions subjectId={subjectId} d={d} />
        ) : canScan && type === 'location' ? (
          <AnchorActions key={d.exception.id} subjectId={subjectId} d={d} />
        ) : (
          <>
            {canScan && type === 'subjective' && (
              <SubjectiveActions subjectId={subjectId} d={d} marks={marksOf(d)} />
            )}
            {canScan && <Choices d={d} subjectId={subjectId} />}
            {type === 'wrongPage' && d.paper && d.other && d.exception.pageId ? (
              <SameSheetPages pages={d.paper.pages} raised={d.exception.pageId} other={d.other} />
            ) : type === 'wrongPage' && d.paper && d.paper.pages.length > 1 ? (
              <PaperPages pages={d.paper.pages} raised={d.exception.pageId} />
            ) : pageId && type === 'kaohao' && d.highlight ? (
              <KaohaoImages pageId={pageId} marks={marksOf(d)} region={d.highlight.box} />
            ) : pageId ? (
              <PageImage
                pageId={pageId}
                // a 打分栏's bubbles are shown enlarged above: the whole page marks only where it is
                marks={d.score && canScan ? marksOf(d).slice(0, 1) : marksOf(d)}
                height={640}
                testId="exception-image"
              />
            ) : (
              <Empty description="没有图像" />
            )}
          </>
        )}
      </Space>
    </Card>
  );
}
