import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { CheckOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { CardTemplate, SubjectiveQuestion } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, List, Row, Segmented, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useFitZoom } from '../../components/useFitZoom';
import { ZoomButtons } from '../../components/ZoomButtons';
import { acardApi } from '../acard/acard.api';
import { templateImageUrl } from '../template/template.api';
import { templateKeys } from '../template/template.queries';
import { useWidth } from '../template/useBuilderKeys';
import { BlockCanvas, type ShownRegion } from './BlockCanvas';
import { blocksBody, fromItem, type BlockDraft } from './block-edit';
import { blockColour, pointsFor, proposalsOf, setPoints, styleProblems, updateBlock } from './block-style';
import { BlockPreview } from './BlockPreview';
import { PointsEditor } from './PointsEditor';
import { questionApi, questionKeys, type BlockList } from './question.api';
import { SaveBar } from './SaveBar';

/** 题块框选: every block's regions on the template pages, the selected block's regions and 给分点 edited. */
export function BlockStyleEditor({
  subjectId,
  list,
  card,
  onlineCardId,
  questions,
  editable,
}: {
  subjectId: number;
  list: BlockList;
  card: CardTemplate;
  /** the template's id when it was saved from an online card: its pictures can be rendered again */
  onlineCardId: number | null;
  questions: SubjectiveQuestion[];
  editable: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [items, setItems] = useState(list.blocks);
  const saved = useMemo(() => items.map(fromItem), [items]);
  const proposals = useMemo(() => proposalsOf(items), [items]);
  const [blocks, setBlocks] = useState(saved);
  const [selectedKey, setSelectedKey] = useState<string | null>(saved[0]?.key ?? null);
  const [pageIndex, setPageIndex] = useState(card.pages[0]!.index);
  const [previewing, setPreviewing] = useState(false);
  const col = useRef<HTMLDivElement>(null);
  const boxWidth = useWidth(col);

  const save = useOneAtATime({
    meta: { silent: true },
    mutationFn: () => questionApi.saveBlocks(subjectId, blocksBody(blocks)),
    onSuccess: (res) => {
      message.success('题块区域和给分点已保存');
      setItems(res.blocks);
      setBlocks(res.blocks.map(fromItem));
      qc.setQueryData(questionKeys.blocks(subjectId), res);
    },
  });

  // an online card saved before its pictures were kept: saved again as it is now (POST …/dtk/{dtkId})
  const pictures = useOneAtATime({
    mutationFn: () => acardApi.refresh(subjectId, onlineCardId!),
    onSuccess: async () => {
      message.success('已按当前结构更新答题卡，生成了答题卡图片');
      await qc.invalidateQueries({ queryKey: templateKeys.subject(subjectId) });
    },
  });

  const page = card.pages.find((p) => p.index === pageIndex) ?? card.pages[0]!;
  const zoom = useFitZoom(boxWidth, page.width, 2);
  const shownZoom = zoom.shown;
  const selected = blocks.find((b) => b.key === selectedKey) ?? null;
  const selectedIndex = blocks.findIndex((b) => b.key === selectedKey);
  const proposal = selected && !selected.regions.length ? proposals.get(selected.key) : undefined;
  // blocks still unframed that the template proposes boxes for: accepted together (采用 one by one was a
  // click per block)
  const unframed = blocks.filter((b) => !b.regions.length && proposals.has(b.key));
  const acceptAll = () =>
    setBlocks((x) =>
      x.map((b) =>
        !b.regions.length && proposals.has(b.key) ? { ...b, regions: proposals.get(b.key)! } : b,
      ),
    );
  const problems = styleProblems(blocks, questions);
  const dirty = JSON.stringify(blocksBody(blocks)) !== JSON.stringify(blocksBody(saved));
  useUnsavedGuard(dirty);

  const shown: ShownRegion[] = blocks.flatMap((b, i) => {
    const own = b.regions.map((region, index) => ({ region, index, proposed: false }));
    const regions = own.length
      ? own
      : (proposals.get(b.key) ?? []).map((region, index) => ({ region, index, proposed: true }));
    return regions
      .filter((r) => r.region.page === page.index)
      .map((r) => ({ ...r, blockKey: b.key, colour: blockColour(i), label: b.name }));
  });
  const edit = (f: (b: BlockDraft) => BlockDraft) => {
    if (selectedKey) setBlocks((x) => updateBlock(x, selectedKey, f));
  };
  const openPreview = () => {
    if (!dirty) return setPreviewing(true);
    save.mutate(undefined, { onSuccess: () => setPreviewing(true) });
  };

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small">
          <div ref={col}>
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Space wrap>
                {card.pages.length > 1 && (
                  <Segmented
                    value={page.index}
                    onChange={(v) => setPageIndex(Number(v))}
                    options={card.pages.map((p) => ({ value: p.index, label: `第 ${p.index + 1} 页` }))}
                    data-testid="style-pages"
                  />
                )}
                <ZoomButtons zoom={zoom} />
                <Typography.Text type="secondary">
                  {editable && selected
                    ? `在图上拖动，为“${selected.name}”框选区域；拖动区域可移动，拖右下角可改大小`
                    : '点击区域选择题块'}
                </Typography.Text>
              </Space>
              {!page.image && (
                <Alert
                  type="info"
                  showIcon
                  title="这一页的模板没有保存答题卡图片：灰色虚线是模板的主观题框，可照着框选"
                  action={
                    editable &&
                    onlineCardId !== null && (
                      <Button
                        size="small"
                        loading={pictures.isPending}
                        onClick={() => pictures.mutate()}
                        data-testid="render-card-pictures"
                      >
                        按当前结构更新答题卡并生成图片
                      </Button>
                    )
                  }
                />
              )}
              <BlockCanvas
                page={page}
                imageUrl={page.image ? templateImageUrl(subjectId, page.image) : null}
                zoom={shownZoom}
                regions={shown}
                selectedKey={selectedKey}
                editable={editable}
                onSelectBlock={setSelectedKey}
                onDraw={(r) => edit((b) => ({ ...b, regions: [...b.regions, r] }))}
                onChange={(index, r) =>
                  edit((b) => ({ ...b, regions: b.regions.map((x, i) => (i === index ? r : x)) }))
                }
              />
            </Space>
          </div>
        </Card>
      </Col>
      <Col flex="420px">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Card
            size="small"
            title="题块"
            extra={
              editable &&
              unframed.length > 0 && (
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={acceptAll}
                  data-testid="accept-all-proposals"
                >
                  全部采用建议区域（{unframed.length}）
                </Button>
              )
            }
          >
            <List
              size="small"
              dataSource={blocks}
              data-testid="style-blocks"
              renderItem={(b, i) => (
                <List.Item
                  onClick={() => setSelectedKey(b.key)}
                  style={{
                    cursor: 'pointer',
                    background: b.key === selectedKey ? '#e8f3ff' : undefined,
                    paddingInline: 8,
                  }}
                  data-testid={`style-block-${b.name}`}
                >
                  <Space>
                    <span
                      style={{
                        display: 'inline-block',
                        width: 12,
                        height: 12,
                        borderRadius: 3,
                        background: blockColour(i),
                      }}
                    />
                    <Typography.Text strong>{b.name}</Typography.Text>
                    <Typography.Text type="secondary">
                      {b.nos.map((n) => `第${n}题`).join('、')}
                    </Typography.Text>
                  </Space>
                  {b.regions.length ? (
                    <Tag color="success">{b.regions.length} 个区域</Tag>
                  ) : proposals.has(b.key) ? (
                    <Tag color="warning">有建议区域</Tag>
                  ) : (
                    <Tag>未框选</Tag>
                  )}
                </List.Item>
              )}
            />
          </Card>
          {selected && (
            <Card
              size="small"
              title={`${selected.name} 的区域`}
              extra={
                <Button
                  size="small"
                  type="primary"
                  ghost
                  icon={<EyeOutlined />}
                  disabled={!selected.regions.length && !proposal}
                  loading={save.isPending && dirty}
                  onClick={openPreview}
                  data-testid="preview-cut"
                >
                  {dirty ? '保存并预览切割图' : '预览切割图'}
                </Button>
              }
            >
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                {proposal && (
                  <Alert
                    type="warning"
                    showIcon
                    title="建议区域：模板上这些题的主观题框（虚线），采用或在图上重新框选"
                    action={
                      editable && (
                        <Button
                          size="small"
                          icon={<CheckOutlined />}
                          onClick={() => edit((b) => ({ ...b, regions: proposal }))}
                          data-testid="accept-proposal"
                        >
                          采用
                        </Button>
                      )
                    }
                  />
                )}
                {!selected.regions.length && !proposal && (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description="还没有框选区域：在左图上拖动框选"
                  />
                )}
                {selected.regions.map((r, i) => (
                  <Space
                    key={i}
                    style={{ width: '100%', justifyContent: 'space-between' }}
                    data-testid="style-region"
                  >
                    <span style={{ color: blockColour(selectedIndex) }}>
                      区域 {i + 1}：第 {r.page + 1} 页 · {r.w}×{r.h}
                    </span>
                    {editable && (
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => edit((b) => ({ ...b, regions: b.regions.filter((_, j) => j !== i) }))}
                      >
                        删除
                      </Button>
                    )}
                  </Space>
                ))}
                {selected.regions.length > 1 && (
                  <Typography.Text type="secondary">多个区域按顺序上下拼接成一张切割图</Typography.Text>
                )}
              </Space>
            </Card>
          )}
          {selected && (
            <Card size="small" title="给分点与步长">
              <PointsEditor
                questions={questions}
                points={selected.nos.map((no) => pointsFor(selected, no, questions))}
                editable={editable}
                onChange={(next) => edit((b) => setPoints(b, next, questions))}
              />
            </Card>
          )}
          {editable && (
            <Card size="small">
              {problems.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  title={problems[0]}
                  style={{ marginBottom: 8 }}
                  data-testid="style-problem"
                />
              )}
              <SaveBar
                label="保存区域和给分点"
                dirty={dirty}
                saving={save.isPending}
                error={save.error}
                onSave={() => (problems.length ? void message.error(problems[0]!) : save.mutate())}
                testId="save-style"
              />
            </Card>
          )}
        </Space>
      </Col>
      {previewing && selected?.id && (
        <BlockPreview
          subjectId={subjectId}
          blockId={selected.id}
          name={selected.name}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Row>
  );
}
