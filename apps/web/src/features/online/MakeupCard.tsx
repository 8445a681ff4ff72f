import type { SitterRow } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { failureText } from '../exam-admin/QueryFailed';
import { onlineApi } from './online.api';
import { SitterFilters } from './SitterFilters';
import { SitterTable } from './SitterTable';
import { useSitters } from './useSitters';

type Filter = 'notStarted' | 'makeup' | 'all';
const when = (iso: string) => dayjs(iso).format('M月D日 HH:mm');

/** Where an examinee is, as the 补考 list names it: a 补考 window turns 未开始 into 待补考 / 补考中 / 补考未参加. */
function stateTag(r: SitterRow, now: number) {
  const m = r.makeup;
  if (r.state === 'submitted') return <Tag color="green">{m ? '已交卷（补考）' : '已交卷'}</Tag>;
  if (r.state === 'inProgress') return <Tag color="orange">{m ? '补考中' : '作答中'}</Tag>;
  if (!m) return <Tag>未开始</Tag>;
  if (now < new Date(m.startsAt).getTime()) return <Tag color="blue">待补考</Tag>;
  if (now < new Date(m.endsAt).getTime()) return <Tag color="purple">补考中</Tag>;
  return <Tag color="red">补考未参加</Tag>;
}

interface Draft {
  window: [Dayjs, Dayjs] | null;
  durationMin: number | null;
}

/** 安排补考 / 修改补考 for the given examinees: a window (RangePicker) and a duration, confirmed by its button. */
function MakeupModal({
  subjectId,
  rows,
  examDuration,
  onClose,
}: {
  subjectId: number;
  rows: SitterRow[];
  /** the exam's duration; null: a paper subject's 补考, the whole window when none is given */
  examDuration: number | null;
  onClose: (done: boolean) => void;
}) {
  const { message } = App.useApp();
  const first = rows.length === 1 ? rows[0]!.makeup : null;
  const [draft, setDraft] = useState<Draft>({
    window: first ? [dayjs(first.startsAt), dayjs(first.endsAt)] : null,
    durationMin: first && first.durationMin !== examDuration ? first.durationMin : null,
  });
  const [start] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const save = useOneAtATime({
    mutationFn: (d: { startsAt: string; endsAt: string; durationMin: number | null }) =>
      onlineApi.makeup(subjectId, { examineeIds: rows.map((r) => r.examineeId), ...d }),
    onSuccess: () => {
      void message.success(first ? '补考时间已修改' : `已为 ${rows.length} 名考生安排补考`);
      onClose(true);
    },
    onError: (e) => setError(failureText(e)),
  });
  const names = rows.map((r) => r.name).join('、');
  const guard = useDialogGuard({
    open: true,
    dirty: JSON.stringify(draft) !== JSON.stringify(start),
    saving: save.isPending,
    onClose: () => onClose(false),
  });
  return (
    <Modal
      open
      title={first ? `修改补考：${rows[0]!.name}（${rows[0]!.kaohao}）` : `安排补考（${rows.length} 名考生）`}
      okText={first ? '确认修改' : '确认安排补考'}
      confirmLoading={save.isPending}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: save.isPending }}
      onOk={() => {
        if (!draft.window) {
          setError('请选择补考时间段');
          return;
        }
        const [a, b] = draft.window;
        if (!b.isAfter(a)) {
          setError('补考结束时间须晚于开始时间');
          return;
        }
        if (!b.isAfter(dayjs())) {
          setError('补考结束时间已过，请重新选择补考时间');
          return;
        }
        setError(null);
        void save
          .mutateAsync({ startsAt: a.toISOString(), endsAt: b.toISOString(), durationMin: draft.durationMin })
          .catch(() => {});
      }}
    >
      {guard.leaveGuard}
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>
        考生：{names}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="补考时间段" required>
          <DatePicker.RangePicker
            aria-label="补考时间段"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={draft.window}
            placeholder={['开始时间', '结束时间']}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            onChange={(r) => setDraft((d) => ({ ...d, window: r?.[0] && r[1] ? [r[0], r[1]] : null }))}
          />
        </Form.Item>
        <Form.Item
          label="作答时长"
          extra={
            examDuration === null
              ? '不填则可用整个补考时间段；交卷时间不晚于补考结束时间'
              : `不填则与考试相同（${examDuration} 分钟）；交卷时间不晚于补考结束时间`
          }
        >
          <InputNumber
            aria-label="作答时长"
            min={1}
            max={600}
            precision={0}
            placeholder={examDuration === null ? '不限' : String(examDuration)}
            value={draft.durationMin}
            onChange={(v) => setDraft((d) => ({ ...d, durationMin: v ?? null }))}
            addonAfter="分钟"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}

/** A paper subject's examinee as the 补考 list shows them: scanned, 缺考 registered, or neither. */
const sheetTag = (r: SitterRow) =>
  r.scanned ? <Tag color="green">已扫描</Tag> : r.absent ? <Tag color="red">缺考</Tag> : <Tag>未扫描</Tag>;

/**
 * 补考 (issue 34): the examinees who did not sit given a window of their own; those with one listed with it,
 * changed or withdrawn until they start. Only before 开始阅卷, so their papers join the same marking and the
 * scores are published once. On a paper subject (`paper`) they are who has no scanned sheet: they answer
 * online and are marked with the scanned.
 */
export function MakeupCard({
  subjectId,
  examDuration,
  canEdit,
  paper = false,
}: {
  subjectId: number;
  examDuration: number | null;
  /** the user may edit the setting and 补考 is still possible (launched, marking not started) */
  canEdit: boolean;
  paper?: boolean;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('notStarted');
  const [selected, setSelected] = useState<SitterRow[]>([]);
  const [editing, setEditing] = useState<SitterRow[] | null>(null);
  const sitters = useSitters(subjectId, ['makeup'], {
    ...(filter === 'notStarted' ? { state: 'notStarted' as const } : {}),
    // a paper subject's 未参加: not started online and no sheet scanned
    ...(filter === 'notStarted' && paper ? { unscanned: '1' as const } : {}),
    ...(filter === 'makeup' ? { makeup: '1' as const } : {}),
  });
  const list = sitters.list;
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: ['online', 'sitters', subjectId] });
  };
  const withdraw = useOneAtATime({
    mutationFn: (r: SitterRow) => onlineApi.withdrawMakeup(subjectId, [r.examineeId]),
    onSuccess: (_, r) => {
      void message.success(`已撤销 ${r.name} 的补考`);
      refresh();
    },
    onError: (e) => void message.error(failureText(e)),
  });
  // the time the list was read: the states are as of then (it is read again every 30 s)
  const now = list.dataUpdatedAt;
  const c = list.data?.counts;
  return (
    <Card
      title={paper ? '在线补考' : '补考'}
      data-testid="online-makeup"
      extra={
        canEdit && (
          <Button
            type="primary"
            disabled={!selected.length}
            onClick={() => setEditing(selected)}
            data-testid="makeup-arrange"
          >
            为所选考生安排补考{selected.length ? `（${selected.length}）` : ''}
          </Button>
        )
      }
    >
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="已开始阅卷或无设置权限，补考安排只能查看"
        />
      )}
      <SitterFilters<Filter>
        value={filter}
        onFilter={(v) => {
          setFilter(v);
          sitters.setPage(1);
          setSelected([]);
        }}
        options={[
          paper
            ? { value: 'notStarted', label: '未扫描答题卡' }
            : { value: 'notStarted', label: `未参加考试 ${c?.notStarted ?? ''}` },
          { value: 'makeup', label: `已安排补考 ${c?.makeup ?? ''}` },
          { value: 'all', label: '全部考生' },
        ]}
        onSearch={sitters.search}
      />
      <SitterTable
        sitters={sitters}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected.map((r) => r.examineeId),
                // only who has not started (nor, on a paper subject, has a scanned sheet): a started attempt
                // is never voided here
                getCheckboxProps: (r) => ({ disabled: r.state !== 'notStarted' || r.scanned }),
                onChange: (_, rows) => setSelected(rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        columns={[
          ...(paper ? [{ title: '答题卡', render: (_: unknown, r: SitterRow) => sheetTag(r) }] : []),
          { title: '状态', render: (_, r) => stateTag(r, now) },
          {
            title: '补考时间',
            render: (_, r) =>
              r.makeup
                ? `${when(r.makeup.startsAt)} – ${when(r.makeup.endsAt)} · ${r.makeup.durationMin} 分钟`
                : '—',
          },
        ]}
        action={
          canEdit
            ? (r) =>
                r.makeup && r.state === 'notStarted' ? (
                  <Space size={4}>
                    <Button size="small" onClick={() => setEditing([r])}>
                      修改
                    </Button>
                    <Popconfirm
                      title={`确定撤销 ${r.name} 的补考？`}
                      description="撤销后该考生不再有补考时间，仍记为未参加考试"
                      okText="撤销补考"
                      cancelText="取消"
                      onConfirm={() => withdraw.mutateAsync(r).catch(() => {})}
                    >
                      <Button size="small" danger>
                        撤销
                      </Button>
                    </Popconfirm>
                  </Space>
                ) : null
            : undefined
        }
      />
      {editing && (
        <MakeupModal
          subjectId={subjectId}
          rows={editing}
          examDuration={examDuration}
          onClose={(done) => {
            setEditing(null);
            if (done) refresh();
          }}
        />
      )}
    </Card>
  );
}
