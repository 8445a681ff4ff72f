import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { DownloadOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CardDesign, CardOptionsInput } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { parseId } from '../exam-admin/route-id';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { acardApi, acardKeys } from './acard.api';
import { cardDesignQuery, cardPreviewQuery } from './acard.queries';
import { bodyKey, toBody, type CardForm } from './card-form';
import { cardLock } from './card-lock';
import { CardOptionsPanel } from './CardOptionsPanel';
import { CardPreviewPane } from './CardPreviewPane';
import { QuestionBoxes } from './QuestionBoxes';
import { savePlan } from './save-plan';
import { useDebounced } from './useDebounced';

/** subject/{subjectId}/acard/template/create: the 在线答题卡 designer (`?templateId=` reopens a saved card). */
export function CardDesigner(b: SubjectBundle) {
  const subjectId = b.subject.subjectInfo.id;
  const [params] = useSearchParams();
  const templateId = parseId(params.get('templateId') ?? undefined);
  const design = useQuery(cardDesignQuery(subjectId, templateId));
  // Another card opened (or 新建) is a new designer. A card saved takes its template's id into the address: the
  // designer that saved it stays as it is (its form, its drawn preview) instead of being built and drawn again for
  // the same card (issue 31, point 12).
  const [adopted, setAdopted] = useState<number | null>(null);
  const [view, setView] = useState({ templateId, n: 0 });
  if (view.templateId !== templateId)
    setView({ templateId, n: templateId !== null && templateId === adopted ? view.n : view.n + 1 });
  if (design.isError && !design.data)
    return <QueryFailed title="答题卡加载失败" error={design.error} onRetry={() => void design.refetch()} />;
  if (!design.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  return <DesignerBody key={view.n} bundle={b} design={design.data} onSaved={setAdopted} />;
}

function DesignerBody({
  bundle,
  design,
  onSaved,
}: {
  bundle: SubjectBundle;
  design: CardDesign;
  /** before the address takes the saved template's id */
  onSaved: (templateId: number) => void;
}) {
  const { subject, permission, exam } = bundle;
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [, setParams] = useSearchParams();
  const [form, setForm] = useState<CardForm>(design.options);
  const [name, setName] = useState(design.mainTemplateName);
  const [savedKey, setSavedKey] = useState(design.templateId ? bodyKey(design.options) : null);
  const [downloading, setDownloading] = useState(false);

  const key = bodyKey(form);
  const settledKey = useDebounced(key, 400);
  const settledBody = useMemo(() => JSON.parse(settledKey) as CardOptionsInput, [settledKey]);
  const preview = useQuery(cardPreviewQuery(subjectId, settledKey, settledBody));

  const save = useOneAtATime({
    mutationFn: (id: number | undefined) =>
      acardApi.save(subjectId, {
        ...toBody(form),
        mainTemplateName: name.trim() || '主模板',
        ...(id ? { templateId: id } : {}),
      }),
    onSuccess: async ({ template }) => {
      message.success(`已保存为模板「${template.mainTemplateName}」`);
      setSavedKey(key);
      const templates = [
        ...design.templates.filter((t) => t.id !== template.id),
        {
          id: template.id,
          mainTemplateName: template.mainTemplateName,
          cardType: 'online' as const,
          updatedAt: template.updatedAt,
        },
      ];
      // the designer stays as it is, now bound to the saved template
      qc.setQueryData(acardKeys.design(subjectId, template.id), {
        ...design,
        templateId: template.id,
        mainTemplateName: template.mainTemplateName,
        options: form,
        templates,
      });
      await Promise.all([
        qc.invalidateQueries({ queryKey: acardKeys.list(subjectId) }),
        qc.invalidateQueries({ queryKey: ['template'] }),
      ]);
      if (template.id !== design.templateId) {
        onSaved(template.id);
        setParams({ templateId: String(template.id) }, { replace: true });
      }
    },
  });

  const onSave = () => {
    const plan = savePlan(design, name.trim() || '主模板');
    if (!plan.confirm) return save.mutate(plan.templateId);
    modal.confirm({
      title: plan.confirm.title,
      content: plan.confirm.content,
      okText: plan.confirm.okText,
      cancelText: '取消',
      onOk: () => save.mutateAsync(plan.templateId),
    });
  };

  const onDownload = async () => {
    setDownloading(true);
    try {
      await acardApi.pdf(subjectId, toBody(form), `${info.name}答题卡.pdf`);
    } finally {
      setDownloading(false);
    }
  };

  const locked = cardLock(permission, info.status);
  const dirty = savedKey !== key;
  // a new card counts as changed once its options differ from the proposed ones
  useUnsavedGuard(savedKey === null ? key !== bodyKey(design.options) : dirty);
  const actions = (
    <Space>
      {savedKey !== null && dirty && <Tag color="orange">有未保存的修改</Tag>}
      <Button
        icon={<DownloadOutlined />}
        loading={downloading}
        disabled={!!preview.error}
        onClick={() => void onDownload()}
      >
        下载 PDF
      </Button>
      {/* who may not save reads why instead of a greyed button (a tooltip on a disabled button never showed) */}
      {locked ? (
        <Typography.Text type="secondary" data-testid="card-save-locked">
          {locked}
        </Typography.Text>
      ) : (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={!!preview.error}
          loading={save.isPending}
          onClick={onSave}
        >
          保存为模板
        </Button>
      )}
    </Space>
  );

  return (
    <PageFrame
      crumbs={subjectCrumbs(
        exam,
        info,
        { title: '在线答题卡', to: `/book/subject/${subjectId}/acard/template/home` },
        { title: locked ? '查看' : design.templateId ? '编辑' : '新建' },
      )}
      title={`${exam.name} · ${info.name} · 在线答题卡`}
      extra={
        <Link to={`/book/subject/${subjectId}/acard/template/home`}>
          <Button icon={<UnorderedListOutlined />}>在线答题卡列表</Button>
        </Link>
      }
      testId="acard-designer"
    >
      <Typography.Text type="secondary">
        按题目结构排版：客观题 {design.objectiveCount} 道，主观题 {design.questions.length} 道。
        调整左侧选项，右侧即时预览；保存后即生成识别模板，无需框选。
      </Typography.Text>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ width: 380, flex: 'none', display: 'flex', flexDirection: 'column', gap: 16 }}>
          <CardOptionsPanel
            form={form}
            onChange={setForm}
            examName={design.examName}
            templateName={name}
            onTemplateName={setName}
            defaultDigits={
              design.options.examNumber.kind === 'bubbles' ? design.options.examNumber.digits : 8
            }
          />
          <QuestionBoxes form={form} questions={design.questions} onChange={setForm} />
        </div>
        <div style={{ flex: 1, minWidth: 480 }}>
          <CardPreviewPane
            preview={preview.data}
            error={preview.error}
            loading={preview.isFetching || settledKey !== key}
            actions={actions}
          />
        </div>
      </div>
    </PageFrame>
  );
}
