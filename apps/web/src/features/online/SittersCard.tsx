import type { SitterRow, SitterState } from '@yj/contracts';
import { App, Button, Card, Form, Input, InputNumber, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useFormDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { failureText } from '../exam-admin/QueryFailed';
import { onlineApi } from './online.api';
import { SitterFilters } from './SitterFilters';
import { SitterTable } from './SitterTable';
import { useSitters } from './useSitters';

const STATE: Record<SitterState, { color: string; text: string }> = {
  notStarted: { color: 'default', text: '未开始' },
  inProgress: { color: 'orange', text: '作答中' },
  submitted: { color: 'green', text: '已交卷' },
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

function ReopenModal({
  subjectId,
  row,
  onClose,
}: {
  subjectId: number;
  row: SitterRow;
  onClose: (done: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; minutes: number }>();
  const close = () => onClose(false);
  const reopen = useOneAtATime({
    mutationFn: (v: { reason: string; minutes: number }) => onlineApi.reopen(subjectId, row.examineeId, v),
    onSuccess: () => {
      void message.success(`已为 ${row.name} 重新开放作答`);
      onClose(true);
    },
    onError: (e) => void message.error(failureText(e)),
  });
  const guard = useFormDialogGuard(form, { open: true, saving: reopen.isPending, onClose: close });
  return (
    <Modal
      open
      title={`重新开放：${row.name}（${row.kaohao}）`}
      okText="重新开放"
      confirmLoading={reopen.isPending}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: reopen.isPending }}
      onOk={() => void form.validateFields().then((v) => reopen.mutateAsync(v))}
    >
      {guard.leaveGuard}
      <Form form={form} layout="vertical" initialValues={{ minutes: 30 }}>
        <Form.Item
          name="reason"
          label="原因"
          rules={[{ required: true, min: 2, message: '请填写重新开放的原因（至少 2 字）' }]}
        >
          <Input.TextArea maxLength={200} placeholder="如：考试中网络中断" />
        </Form.Item>
        <Form.Item name="minutes" label="从现在起可作答" rules={[{ required: true, message: '请填写时长' }]}>
          <InputNumber min={1} max={600} precision={0} addonAfter="分钟" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 考生作答情况: who has not started, is answering, has submitted; 重新开放 for a reason (issue 34). */
export function SittersCard({ subjectId, canReopen }: { subjectId: number; canReopen: boolean }) {
  const [state, setState] = useState<SitterState | 'all'>('all');
  const [reopening, setReopening] = useState<SitterRow | null>(null);
  const sitters = useSitters(subjectId, [], state === 'all' ? {} : { state });
  const c = sitters.list.data?.counts;
  return (
    <Card title="考生作答情况" data-testid="online-sitters">
      <SitterFilters<SitterState | 'all'>
        value={state}
        onFilter={(v) => {
          setState(v);
          sitters.setPage(1);
        }}
        options={[
          { value: 'all', label: '全部' },
          { value: 'notStarted', label: `未开始 ${c?.notStarted ?? ''}` },
          { value: 'inProgress', label: `作答中 ${c?.inProgress ?? ''}` },
          { value: 'submitted', label: `已交卷 ${c?.submitted ?? ''}` },
        ]}
        onSearch={sitters.search}
      />
      <SitterTable
        sitters={sitters}
        columns={[
          {
            title: '状态',
            render: (_, r) => (
              <Tag color={STATE[r.state].color}>
                {STATE[r.state].text}
                {r.submitKind === 'timeout' ? '（到时自动交卷）' : ''}
              </Tag>
            ),
          },
          {
            title: '补考',
            render: (_, r) => (r.makeup ? <Tag color="purple">补考</Tag> : '—'),
          },
          { title: '开始时间', render: (_, r) => when(r.startedAt) },
          { title: '交卷时间', render: (_, r) => when(r.submittedAt) },
          { title: '已答题数', dataIndex: 'answered' },
          { title: '离开页面次数', dataIndex: 'leaveCount' },
          { title: '客观题得分', render: (_, r) => r.objectiveScore ?? '—' },
        ]}
        action={
          canReopen
            ? (r) =>
                r.state === 'submitted' ? (
                  <Button size="small" onClick={() => setReopening(r)}>
                    重新开放
                  </Button>
                ) : null
            : undefined
        }
      />
      {reopening && (
        <ReopenModal
          subjectId={subjectId}
          row={reopening}
          onClose={(done) => {
            setReopening(null);
            if (done) void sitters.list.refetch();
          }}
        />
      )}
    </Card>
  );
}
