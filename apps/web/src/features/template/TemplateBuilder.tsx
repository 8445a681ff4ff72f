import { useOneAtATime } from '../../app/useOneAtATime';
import {
  templateMeta,
  templateProblems,
  type Structure,
  type TemplateItem,
  type TemplateMeta,
} from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Segmented, Space, Steps, Tabs, Typography } from 'antd';
import { useCallback, useReducer, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { failureText } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { useFitZoom } from '../../components/useFitZoom';
import { ZoomButtons } from '../../components/ZoomButtons';
import { BuilderCanvas } from './BuilderCanvas';
import { builderReducer, selectedRegion, type BuilderState } from './builder-state';
import { assembleTemplate, draftFromTemplate, emptyPage, type Region } from './draft';
import { DEFAULT_SETTINGS, DRAW_TABS, regionFromDrag, type DrawSettings } from './drawing';
import { PageUpload } from './PageUpload';
import { ProblemsCard } from './ProblemsCard';
import { builderFacts } from './progress';
import { acceptAll, regionFromProposal, tabProposals } from './proposals';
import { RegionEditor } from './RegionEditor';
import { TabPanel } from './TabPanel';
import { builderSteps, enabledTabs, STEP_STATUS, TEMPLATE_TABS, usableTab, type TabKey } from './tabs';
import { templateApi, templateImageUrl, type TemplateImageUpload } from './template.api';
import { templateKeys, structureQuery } from './template.queries';
import { TemplateMetaForm } from './TemplateMetaForm';
import { saveErrorText } from './save-error';
import { useBuilderKeys, useWidth } from './useBuilderKeys';

/** A fresh template id (what our page QR would carry). */
function newTemplateId(subjectId: number): string {
  return `subject-${subjectId}-${Date.now().toString(36)}`;
}

function initialState(existing: TemplateItem | null): BuilderState {
  if (existing) return { pages: draftFromTemplate(existing.body), selected: null };
  return { pages: [emptyPage(0)], selected: null };
}

function initialMeta(existing: TemplateItem | null): TemplateMeta {
  if (!existing) return templateMeta.parse({});
  const { mainTemplateName, cardType, colorType, dpiValue, isDoubleTemplate } = existing;
  return { mainTemplateName, cardType, colorType, dpiValue, isDoubleTemplate };
}

/**
 * template/create and template/edit: a card template drawn over the uploaded pictures of its pages, for whom may
 * edit the subject's settings (their pages' SubjectLoader needs editSetting; the server refuses every save to
 * anyone else).
 */
export function TemplateBuilder({
  bundle,
  existing,
}: {
  bundle: SubjectBundle;
  existing: TemplateItem | null;
}) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const subjectId = bundle.subject.subjectInfo.id;
  const structureQ = useQuery(structureQuery(subjectId));
  const structure: Structure | null = structureQ.data?.structure ?? null;

  const [state, dispatch] = useReducer(builderReducer, existing, initialState);
  const [meta, setMeta] = useState<TemplateMeta>(() => initialMeta(existing));
  const [pageIndex, setPageIndex] = useState(0);
  const [wantedTab, setTab] = useState<TabKey>(existing ? 2 : 0);
  const [viewed, setViewed] = useState(!!existing);
  const [settings, setSettings] = useState<DrawSettings>(DEFAULT_SETTINGS);
  const [proposalKey, setProposalKey] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<number | null>(existing?.id ?? null);
  const [savedProblems, setSavedProblems] = useState<string[] | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [templateId] = useState(() => existing?.body.id ?? newTemplateId(subjectId));
  const canvasCol = useRef<HTMLDivElement>(null);
  const boxWidth = useWidth(canvasCol);

  const page = state.pages.find((p) => p.index === pageIndex) ?? state.pages[0]!;
  const facts = builderFacts(state.pages, structure, {
    viewed,
    saved: savedId !== null && savedProblems !== null,
  });
  const enabled = enabledTabs(facts);
  const tab = usableTab(wantedTab, enabled);
  const proposals = tabProposals(page, tab);
  const selected = selectedRegion(state);
  const assembled = assembleTemplate(state.pages, meta, templateId);
  const live = assembled.template
    ? structure
      ? templateProblems(assembled.template, structure)
      : []
    : assembled.problems;

  // Any change makes the last server check stale.
  const touch = useCallback(() => setSavedProblems(null), []);

  const zoom = useFitZoom(boxWidth, page.image?.width, 4);
  const shownZoom = zoom.shown;

  const remove = useCallback(() => {
    if (!state.selected) return;
    dispatch({ type: 'remove', page: state.selected.page, id: state.selected.id });
    touch();
  }, [state.selected, touch]);
  useBuilderKeys({
    onDelete: remove,
    onEscape: () => {
      dispatch({ type: 'select', selected: null });
      setProposalKey(null);
    },
    onZoom: zoom.by,
  });

  const fetchPatch = async (region: Extract<Region, { kind: 'location' }>) => {
    if (!page.image?.key) {
      message.error('该页没有保存的模板图像，请重新上传后再框选定位区');
      return;
    }
    try {
      const patch = await templateApi.patch(subjectId, page.image.key, region.rect);
      dispatch({ type: 'update', page: page.index, region: { ...region, patch } });
    } catch (e) {
      message.error(`定位区参考图获取失败：${failureText(e)}`);
    }
  };

  const add = (region: Region | null) => {
    if (!region) return;
    dispatch({ type: 'add', page: page.index, region });
    touch();
    if (region.kind === 'location') void fetchPatch(region);
  };

  const onUploaded = (r: TemplateImageUpload) => {
    const { detected, ...image } = r;
    dispatch({ type: 'image', page: page.index, image, detected });
    zoom.fit();
    touch();
  };

  const changeTab = (k: TabKey) => {
    setTab(k);
    setProposalKey(null);
    // a region selected on one tab is not edited on another (its editor belongs to that tab's panel)
    dispatch({ type: 'select', selected: null });
    if (k > 0) setViewed(true);
  };

  const save = useOneAtATime({
    mutationFn: async () => {
      if (!assembled.template) throw { code: 1, message: assembled.problems.join('；') };
      const item = await templateApi.save(subjectId, {
        ...meta,
        ...(savedId ? { id: savedId } : {}),
        body: assembled.template,
      });
      const check = await templateApi.validate(subjectId, item.id);
      return { item, check };
    },
    meta: { silent: true },
    onMutate: () => setSaveError(null),
    onSuccess: async ({ item, check }) => {
      setSavedId(item.id);
      setSavedProblems(check.problems);
      message.success('模板已保存');
      await qc.invalidateQueries({ queryKey: templateKeys.subject(subjectId) });
    },
    onError: (e) => setSaveError(saveErrorText(e)),
  });

  const setDouble = (m: TemplateMeta) => {
    const apply = () => {
      setMeta(m);
      dispatch({ type: 'pageCount', count: m.isDoubleTemplate ? 2 : 1 });
      setPageIndex(0);
      touch();
    };
    const second = state.pages[1];
    if (!m.isDoubleTemplate && second && (second.image || second.regions.length)) {
      modal.confirm({
        title: '改为单面模板？',
        content: '第 2 页的图像和已框选的区域将被删除。',
        okText: '改为单面',
        cancelText: '取消',
        onOk: apply,
      });
      return;
    }
    apply();
  };

  const info = bundle.subject.subjectInfo;
  const home = `/book/subject/${subjectId}/template/home`;
  const steps = builderSteps(facts);
  const drawing = DRAW_TABS.includes(tab) && !!page.image;

  return (
    <PageFrame
      crumbs={subjectCrumbs(
        bundle.exam,
        info,
        { title: '答题卡模板', to: home },
        { title: existing ? '编辑模板' : '新建模板' },
      )}
      title={`${info.name} · ${existing ? `编辑模板：${existing.mainTemplateName}` : '新建答题卡模板'}`}
      testId="template-builder"
      extra={
        <Space>
          <Link to={home}>
            <Button>返回模板列表</Button>
          </Link>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="save-template"
          >
            保存模板
          </Button>
        </Space>
      }
    >
      <Card size="small">
        <Steps
          size="small"
          labelPlacement="vertical"
          items={steps.map((s) => ({ title: s.title, status: STEP_STATUS[s.status] }))}
          data-testid="builder-steps"
        />
      </Card>
      <Card size="small">
        <TemplateMetaForm
          meta={meta}
          onChange={(m) => (m.isDoubleTemplate !== meta.isDoubleTemplate ? setDouble(m) : setMeta(m))}
        />
      </Card>
      {saveError && (
        <Alert
          type="error"
          showIcon
          closable
          title="保存未成功"
          description={saveError}
          onClose={() => setSaveError(null)}
          data-testid="save-error"
        />
      )}
      <Card size="small" styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}>
        <Tabs
          activeKey={String(tab)}
          onChange={(k) => changeTab(Number(k) as TabKey)}
          items={TEMPLATE_TABS.map((t, i) => ({
            key: String(t.key),
            label: t.key === 0 ? t.label : `${t.key} ${t.label}`,
            disabled: !enabled[i],
          }))}
          tabBarExtraContent={
            state.pages.length > 1 ? (
              <Segmented
                value={pageIndex}
                onChange={(v) => {
                  setPageIndex(v);
                  dispatch({ type: 'select', selected: null });
                  zoom.fit();
                }}
                options={state.pages.map((p) => ({ value: p.index, label: `第 ${p.index + 1} 页` }))}
              />
            ) : undefined
          }
        />
      </Card>
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small">
            <div ref={canvasCol}>
              {page.image ? (
                <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                  <Space wrap>
                    <ZoomButtons zoom={zoom} />
                    <Typography.Text type="secondary">
                      {drawing ? '在图上拖动框选；' : ''}拖动已框选区域可移动，Delete 删除，Esc 取消，+/−
                      缩放，按住空格拖动平移
                    </Typography.Text>
                  </Space>
                  <BuilderCanvas
                    imageUrl={page.image.key ? templateImageUrl(subjectId, page.image.key) : null}
                    width={page.image.width}
                    height={page.image.height}
                    zoom={shownZoom}
                    regions={page.regions}
                    proposals={proposals}
                    selectedId={state.selected?.page === page.index ? state.selected.id : null}
                    selectedProposal={proposalKey}
                    canDraw={drawing}
                    onDraw={(rect) => add(regionFromDrag(tab, rect, page, state.pages, structure, settings))}
                    onSelect={(id) =>
                      dispatch({ type: 'select', selected: id ? { page: page.index, id } : null })
                    }
                    onSelectProposal={setProposalKey}
                    onChange={(region) => {
                      dispatch({ type: 'update', page: page.index, region });
                      touch();
                      if (region.kind === 'location') void fetchPatch({ ...region, patch: null });
                    }}
                  />
                </Space>
              ) : (
                <PageUpload
                  subjectId={subjectId}
                  dpi={meta.dpiValue}
                  pageNo={page.index + 1}
                  onDone={onUploaded}
                />
              )}
            </div>
          </Card>
        </Col>
        <Col flex="340px">
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={TEMPLATE_TABS[tab].label}>
              {tab === 0 ? (
                <PictureSummary
                  page={page}
                  onNext={() => changeTab(usableTab(2, enabled))}
                  upload={
                    page.image ? (
                      <PageUpload
                        compact
                        subjectId={subjectId}
                        dpi={meta.dpiValue}
                        pageNo={page.index + 1}
                        onDone={onUploaded}
                      />
                    ) : null
                  }
                />
              ) : (
                <TabPanel
                  tab={tab}
                  page={page}
                  proposals={proposals}
                  selectedProposal={proposalKey}
                  settings={settings}
                  structure={structure}
                  onSettings={setSettings}
                  onAccept={(key) => {
                    const p = proposals.find((x) => x.key === key);
                    if (p) add(regionFromProposal(tab, p, state.pages, structure));
                    setProposalKey(null);
                  }}
                  onReject={(key) => {
                    dispatch({ type: 'reject', page: page.index, key });
                    setProposalKey(null);
                  }}
                  onAcceptAll={() => {
                    dispatch({ type: 'pages', pages: acceptAll(state.pages, page.index, tab, structure) });
                    touch();
                  }}
                  onSelect={(id) => dispatch({ type: 'select', selected: { page: page.index, id } })}
                  editor={
                    selected && state.selected?.page === page.index ? (
                      <Card size="small" type="inner">
                        <RegionEditor
                          region={selected}
                          structure={structure}
                          onChange={(region) => {
                            dispatch({ type: 'update', page: page.index, region });
                            touch();
                          }}
                          onRemove={remove}
                        />
                      </Card>
                    ) : null
                  }
                />
              )}
              {tab > 0 && tab < 10 && (
                <Button
                  block
                  style={{ marginTop: 12 }}
                  disabled={!enabled[tab + 1]}
                  onClick={() => changeTab((tab + 1) as TabKey)}
                  data-testid="next-tab"
                >
                  下一步：{TEMPLATE_TABS[tab + 1]?.label}
                </Button>
              )}
            </Card>
            <ProblemsCard live={live} saved={savedProblems} structureLoaded={!!structure} />
            {savedId !== null && savedProblems !== null && (
              <Link to={home}>
                <Button block>查看模板列表</Button>
              </Link>
            )}
          </Space>
        </Col>
      </Row>
    </PageFrame>
  );
}

function PictureSummary({
  page,
  onNext,
  upload,
}: {
  page: ReturnType<typeof emptyPage>;
  onNext: () => void;
  upload: ReactNode;
}) {
  const d = page.detected;
  if (!page.image)
    return (
      <Typography.Paragraph type="secondary">
        先在左侧上传第 {page.index + 1} 页的空白答题卡图像。
      </Typography.Paragraph>
    );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="picture-summary">
      <Typography.Text>
        图像 {page.image.width} × {page.image.height} 像素，{page.image.dpi} dpi
      </Typography.Text>
      {d ? (
        <Alert
          type="success"
          showIcon
          title="自动识别完成"
          description={`定位点 ${d.anchors.length} 个、黑色标记 ${d.marks.length} 个、填涂框组 ${d.grids.length} 个、答题框 ${d.boxes.length} 个。橙色虚线为识别结果，请在各步骤中采用或忽略。`}
        />
      ) : (
        <Alert type="info" showIcon title="已保存的模板图像，无自动识别结果" />
      )}
      <Button type="primary" block onClick={onNext} data-testid="start-tabs">
        下一步：框选定位区
      </Button>
      {upload}
    </Space>
  );
}
