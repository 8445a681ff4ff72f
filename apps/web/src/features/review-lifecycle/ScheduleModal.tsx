import { allows, type ReviewManageSubject, type ReviewScheduleInput } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useOneAtATime } from '../../app/useOneAtATime';
import { FormModal } from '../../components/FormModal';
import { reviewKeys, reviewLifecycleApi } from './review-lifecycle.api';

interface Values {
  startAt: Dayjs | null;
  endAt: Dayjs | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm';
const beforeToday = (d: Dayjs) => d.isBefore(dayjs(), 'day');
const iso = (d: Dayjs | null) => (d ? d.second(0).millisecond(0).toISOString() : null);

function TimeField({ name, label, extra }: { name: keyof Values; label: string; extra: string }) {
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <DatePicker showTime format={FORMAT} disabledDate={beforeToday} style={{ width: 240 }} />
    </Form.Item>
  );
}

/** 定时: when marking starts and ends by itself (the server fires it, also after a restart). */
export function ScheduleModal({ subject, onClose }: { subject: ReviewManageSubject; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  // a start time only before marking starts; an end time until it is finished
  const mayStart = allows(subject.status, 'reviewStart');
  const mayEnd = mayStart || allows(subject.status, 'reviewDone');
  const save = useOneAtATime({
    mutationFn: (v: ReviewScheduleInput) => reviewLifecycleApi.schedule(subject.subjectId, v),
    onSuccess: async () => {
      message.success('阅卷时间已保存');
      await qc.invalidateQueries({ queryKey: reviewKeys.all });
      onClose();
    },
  });
  const submit = (v: Values) =>
    save.mutate({
      ...(mayStart ? { startAt: iso(v.startAt) } : {}),
      ...(mayEnd ? { endAt: iso(v.endAt) } : {}),
    });

  return (
    <FormModal<Values>
      open
      title={`定时阅卷：${subject.name}`}
      okText="保存"
      okDisabled={!mayEnd}
      pending={save.isPending}
      form={form}
      onCancel={onClose}
      onFinish={submit}
      initialValues={{
        startAt: subject.reviewStartAt ? dayjs(subject.reviewStartAt) : null,
        endAt: subject.reviewEndAt ? dayjs(subject.reviewEndAt) : null,
      }}
    >
      {mayStart && (
        <TimeField
          name="startAt"
          label="开始阅卷时间"
          extra="到时自动开始阅卷；仍有未处理的问题时不会开始，并记入动态日志。"
        />
      )}
      {mayEnd ? (
        <TimeField
          name="endAt"
          label="结束阅卷时间"
          extra="到时全部阅完则阅卷完成，否则暂停阅卷，由您决定后续。"
        />
      ) : (
        <Typography.Text type="secondary">阅卷已完成，不能再设置阅卷时间。</Typography.Text>
      )}
    </FormModal>
  );
}
