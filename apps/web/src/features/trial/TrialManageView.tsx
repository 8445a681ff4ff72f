import { allows, SubjectStatus, type TrialBlock } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { subjectStatusColor, subjectStatusLabel } from '../exam-admin/exam-state';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { TrialPickModal } from './TrialPickModal';
import { trialApi, trialKeys, trialOverviewQuery, TRIAL_OPS, type TrialOp } from './trial.api';
import { useTrialAction } from './useTrialAction';

/** 随机抽取 n papers for a block: replaces the block's trial papers. */
function RandomPick({ subjectId, block, max }: { subjectId: number; block: TrialBlock; max: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [count, setCount] = useState<number | null>(Math.min(10, Math.max(1, max)));
  const draw = useOneAtATime({
    mutationFn: (n: number) => trialApi.choose(subjectId, block.blockId, { mode: 'random', count: n }),
    onSuccess: async (r) => {
      message.success(`已随机抽取 ${r.papers} 份试评试卷`);
      await qc.invalidateQueries({ queryKey: trialKeys.all });
    },
  });
  return (
    <Space.Compact size="small">
      <InputNumber
        min={1}
        max={200}
        precision={0}
        value={count}
        onChange={setCount}
        aria-label="随机抽取份数"
        style={{ width: 80 }}
      />
      <Button
        loading={draw.isPending}
        disabled={!count}
        data-testid={`trial-random-${block.blockId}`}
        onClick={() => count && draw.mutate(count)}
      >
        随机抽取
      </Button>
    </Space.Compact>
  );
}

/** subject/{subjectId}/trial: the manager chooses trial papers per block and runs the trial. */
export function TrialManageView({ bundle }: { bundle: SubjectBundle }) {
  const { subject, permission, exam } = bundle;
  const s = subject.subjectInfo;
  const q = useQuery(trialOverviewQuery(s.id));
  const act = useTrialAction(s.id);
  const [picking, setPicking] = useState<TrialBlock | null>(null);
  const crumbs = subjectCrumbs(exam, s, { title: '试评' });
  if (q.isError && !q.data)
    return (
      <PageFrame crumbs={crumbs} title="试评">
        <QueryFailed title="试评加载失败" error={q.error} onRetry={() => void q.refetch()} />
      </PageFrame>
    );
  const o = q.data;
  const status = o?.status ?? s.status;
  const manage = permission.editSetting;
  const choosing = manage && status === SubjectStatus.setting;
  const marked = o?.blocks.reduce((a, b) => a + b.marked, 0) ?? 0;
  const ops = (Object.keys(TRIAL_OPS) as TrialOp[]).filter((op) => allows(status, op));
  return (
    <PageFrame
      crumbs={crumbs}
      title={
        <Space>
          {`${s.name} · 试评`}
          <Tag color={subjectStatusColor(status)} data-testid="trial-status">
            {subjectStatusLabel(status)}
          </Tag>
        </Space>
      }
      extra={
        manage && (
          <Space>
            {ops.map((op) => (
              <Button
                key={op}
                type={op === 'trialStart' ? 'primary' : 'default'}
                danger={op === 'trialRollback'}
                data-testid={`trial-op-${TRIAL_OPS[op]}`}
                onClick={() => act(op, marked)}
              >
                {op === 'trialRollback'
                  ? '回滚试评'
                  : { trialStart: '开始试评', trialPause: '暂停试评', trialResume: '继续试评' }[op]}
              </Button>
            ))}
          </Space>
        )
      }
      testId="trial-manage"
    >
      <Alert
        type="info"
        showIcon
        title="试评：阅卷老师先批阅少量试卷，题组长给出参考分并对照每位老师的偏差，统一尺度后再开始正式阅卷。"
        description="试评给分单独保存，不计入成绩；回滚试评会删除全部试评给分并退回试卷，其他数据不受影响。试评中也可以直接开始正式阅卷，正式阅卷从全新的任务开始。"
      />
      <Card title="各题块的试评试卷">
        <Table<TrialBlock>
          rowKey="blockId"
          loading={q.isLoading}
          pagination={false}
          dataSource={o?.blocks ?? []}
          locale={{ emptyText: '本科目还没有题块，请先在题块设置中划分题块' }}
          columns={[
            { title: '题块', dataIndex: 'name' },
            { title: '试评试卷', dataIndex: 'papers', render: (n: number) => `${n} 份` },
            { title: '阅卷老师', dataIndex: 'markers', render: (n: number) => `${n} 人` },
            { title: '已提交试评', dataIndex: 'marked', render: (n: number) => `${n} 份` },
            { title: '已给参考分', dataIndex: 'referenced', render: (n: number, b) => `${n} / ${b.papers}` },
            {
              title: '操作',
              render: (_, b) => (
                <Flex gap={8} wrap align="center">
                  {choosing && <RandomPick subjectId={s.id} block={b} max={o?.paperCount ?? 0} />}
                  {choosing && (
                    <Button
                      size="small"
                      onClick={() => setPicking(b)}
                      data-testid={`trial-pick-${b.blockId}`}
                    >
                      选择试卷
                    </Button>
                  )}
                  {permission.lead && b.papers > 0 && status !== SubjectStatus.setting && (
                    <Link
                      to={`/book/subject/${s.id}/trial/block/${b.blockId}`}
                      data-testid={`trial-results-${b.blockId}`}
                    >
                      试评结果
                    </Link>
                  )}
                  {!choosing && !(permission.lead && b.papers > 0 && status !== SubjectStatus.setting) && (
                    <Typography.Text type="secondary">—</Typography.Text>
                  )}
                </Flex>
              ),
            },
          ]}
        />
        {o && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            本科目可阅试卷 {o.paperCount}{' '}
            份。随机抽取或选择试卷会替换该题块已选的试评试卷；试评开始后不能再更改。
          </Typography.Paragraph>
        )}
      </Card>
      {picking && <TrialPickModal subjectId={s.id} block={picking} onClose={() => setPicking(null)} />}
    </PageFrame>
  );
}
