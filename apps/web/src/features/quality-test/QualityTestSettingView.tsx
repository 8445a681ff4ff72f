import type { QualityTestBlockSetting, QualityTestSettingInput } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { qualityTestApi, qualityTestKeys, settingQuery } from './qualityTest.api';

type Edit = QualityTestSettingInput;
const inputOf = (b: QualityTestBlockSetting): Edit => ({
  standardEvery: b.standardEvery,
  selfEvery: b.selfEvery,
  spotPercent: b.spotPercent,
  maxDeviation: b.maxDeviation,
  pause: b.pause,
});
const same = (a: Edit, b: Edit) => JSON.stringify(a) === JSON.stringify(b);

/** setting/qualitytest: per block the hidden papers' rates, the spot-check share, the limit and the pause. */
export function QualityTestSettingView({ subject, exam, permission }: SubjectBundle) {
  const s = subject.subjectInfo;
  const q = useQuery(settingQuery(s.id));
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const dirty = (q.data?.blocks ?? []).some((b) => edits[b.blockId] && !same(edits[b.blockId]!, inputOf(b)));
  useUnsavedGuard(dirty);
  const save = useOneAtATime({
    mutationFn: ({ blockId, input }: { blockId: number; input: Edit }) => qualityTestApi.save(blockId, input),
    onSuccess: async (_r, v) => {
      message.success('质检设置已保存');
      await qc.invalidateQueries({ queryKey: qualityTestKeys.setting(s.id) });
      setEdits((old) => {
        const next = { ...old };
        delete next[v.blockId];
        return next;
      });
    },
  });
  const editable = permission.lead;
  const valueOf = (b: QualityTestBlockSetting) => edits[b.blockId] ?? inputOf(b);
  const change = (b: QualityTestBlockSetting, patch: Partial<Edit>) =>
    setEdits((old) => ({ ...old, [b.blockId]: { ...valueOf(b), ...patch } }));
  /** One number of a block's setting; a rate left empty means "none" (null), the others fall back to 0. */
  const numberField = (
    b: QualityTestBlockSetting,
    key: 'standardEvery' | 'selfEvery' | 'spotPercent' | 'maxDeviation',
    o: { label: string; min: number; max: number; unit: string; width: number; step?: number; none?: string },
  ) => (
    <InputNumber
      size="small"
      min={o.min}
      max={o.max}
      step={o.step}
      precision={o.step ? undefined : 0}
      placeholder={o.none}
      aria-label={`${b.blockName}${o.label}`}
      disabled={!editable}
      value={valueOf(b)[key]}
      onChange={(v) => change(b, { [key]: v ?? (o.none ? null : 0) })}
      addonAfter={o.unit}
      style={{ width: o.width }}
    />
  );
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '质检设置' })}
      title={`${s.name} · 质检设置`}
      testId="quality-test-setting"
      extra={
        <Link to={`/book/quality-test/progress2?subjectId=${s.id}`}>
          <Button>质检进度</Button>
        </Link>
      }
    >
      {q.isError ? (
        <QueryFailed title="质检设置加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card size="small">
          <Typography.Paragraph type="secondary">
            标准卷和自评卷混在阅卷老师的任务中发放，老师无法分辨；其评分单独保存，不计入成绩。抽查由题组长盲评（提交前看不到原评分）。
            偏差上限同时用于标准卷、自评和抽查：老师的平均偏差超过上限即被标记，开启“超限暂停”后需题组长放行才能继续领取试卷。
          </Typography.Paragraph>
          <Table<QualityTestBlockSetting>
            size="small"
            rowKey="blockId"
            loading={q.isPending}
            pagination={false}
            dataSource={q.data?.blocks ?? []}
            locale={{ emptyText: '本科目还没有您可设置的题块' }}
            columns={[
              {
                title: '题块',
                dataIndex: 'blockName',
                render: (n: string, b) => (
                  <>
                    {n} <Typography.Text type="secondary">（满分 {b.fullScore}）</Typography.Text>
                  </>
                ),
              },
              {
                title: '标准卷：每阅多少份插入 1 份',
                key: 'standard',
                render: (_, b) => (
                  <>
                    {numberField(b, 'standardEvery', {
                      label: '标准卷频率',
                      min: 2,
                      max: 1000,
                      unit: '份',
                      width: 130,
                      none: '不插入',
                    })}
                    {b.standards === 0 ? (
                      <Tag color="orange" style={{ marginLeft: 8 }}>
                        尚无标准卷
                      </Tag>
                    ) : (
                      <Tag style={{ marginLeft: 8 }}>标准卷 {b.standards} 份</Tag>
                    )}
                  </>
                ),
              },
              {
                title: '自评：每阅多少份重发 1 份',
                key: 'self',
                render: (_, b) =>
                  numberField(b, 'selfEvery', {
                    label: '自评频率',
                    min: 2,
                    max: 1000,
                    unit: '份',
                    width: 130,
                    none: '不重发',
                  }),
              },
              {
                title: '抽查比例',
                key: 'spot',
                render: (_, b) =>
                  numberField(b, 'spotPercent', {
                    label: '抽查比例',
                    min: 0,
                    max: 100,
                    unit: '%',
                    width: 110,
                  }),
              },
              {
                title: '偏差上限',
                key: 'limit',
                render: (_, b) =>
                  numberField(b, 'maxDeviation', {
                    label: '偏差上限',
                    min: 0,
                    max: 1000,
                    unit: '分',
                    width: 110,
                    step: 0.5,
                  }),
              },
              {
                title: '超限暂停',
                key: 'pause',
                render: (_, b) => (
                  <Switch
                    size="small"
                    aria-label={`${b.blockName}超限暂停`}
                    disabled={!editable}
                    checked={valueOf(b).pause}
                    onChange={(v) => change(b, { pause: v })}
                  />
                ),
              },
              {
                title: '操作',
                key: 'op',
                render: (_, b) =>
                  editable ? (
                    <Button
                      size="small"
                      type="primary"
                      disabled={!edits[b.blockId] || same(edits[b.blockId]!, inputOf(b))}
                      loading={save.isPending && save.variables?.blockId === b.blockId}
                      onClick={() => save.mutate({ blockId: b.blockId, input: valueOf(b) })}
                    >
                      保存
                    </Button>
                  ) : (
                    <Typography.Text type="secondary">仅题组长可修改</Typography.Text>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </PageFrame>
  );
}
