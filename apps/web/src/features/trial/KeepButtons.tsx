import type { SampleKind, TrialLeadPaper } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { trialApi, trialKeys } from './trial.api';

const NAME: Record<SampleKind, string> = { sample: '样卷', standard: '标准卷' };
const KEPT: Record<SampleKind, string> = {
  sample: '已设为样卷，阅卷老师可在阅卷界面查看',
  standard: '已设为标准卷，正式阅卷时按题块设置的比例混入阅卷老师的任务',
};
const DROP: Record<SampleKind, string> = {
  sample: '阅卷老师将不再看到这份样卷。',
  standard: '这份试卷将不再作为标准卷发给阅卷老师（已发出的标准卷不能取消）。',
};

/** 设为样卷 / 设为标准卷 of a trial paper with a reference; a paper is one or the other. */
export function KeepButtons({ paper }: { paper: TrialLeadPaper }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const keep = useOneAtATime({
    mutationFn: (v: { kind: SampleKind; keep: boolean }) =>
      trialApi.sample(paper.trialPaperId, v.keep, v.kind),
    onSuccess: async (r, v) => {
      message.success(r.sample ? KEPT[v.kind] : `已取消${NAME[v.kind]}`);
      await qc.invalidateQueries({ queryKey: trialKeys.all });
    },
  });
  const kept: SampleKind | null = paper.sample ? 'sample' : paper.standard ? 'standard' : null;
  const toggle = (kind: SampleKind) =>
    kept === kind
      ? modal.confirm({
          title: `确定取消这份${NAME[kind]}吗？`,
          content: DROP[kind],
          okText: `取消${NAME[kind]}`,
          cancelText: '保留',
          onOk: () => keep.mutateAsync({ kind, keep: false }).catch(() => undefined),
        })
      : keep.mutate({ kind, keep: true });
  return (
    <Space size={8}>
      {(['sample', 'standard'] as const)
        .filter((k) => kept === null || kept === k)
        .map((k) => (
          <Button
            key={k}
            size="small"
            disabled={!paper.reference}
            title={paper.reference ? undefined : '请先给出参考分'}
            loading={keep.isPending && keep.variables?.kind === k}
            onClick={() => toggle(k)}
            data-testid={`${k}-toggle`}
          >
            {kept === k ? `取消${NAME[k]}` : `设为${NAME[k]}`}
          </Button>
        ))}
    </Space>
  );
}
