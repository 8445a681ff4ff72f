import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useOneAtATime } from '../../app/useOneAtATime';
import { FormModal } from '../../components/FormModal';
import { publishApi } from './score.api';
import { afterPublishChange } from './usePublishAction';

const FORMAT = 'YYYY-MM-DD HH:mm';
const beforeToday = (d: Dayjs) => d.isBefore(dayjs(), 'day');

/** 定时发布: the server publishes at that time by itself (also after a restart) when 成绩核查 passes. */
export function DelayPublishModal({
  subjectId,
  name,
  onClose,
}: {
  subjectId: number;
  name: string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ publishAt: Dayjs | null }>();
  const save = useOneAtATime({
    mutationFn: (at: Dayjs) => publishApi.delay(subjectId, at.second(0).millisecond(0).toISOString()),
    onSuccess: async (s) => {
      message.success(`已设置定时发布：${dayjs(s.publishAt).format(FORMAT)}`);
      await afterPublishChange(qc, subjectId);
      onClose();
    },
  });
  return (
    <FormModal<{ publishAt: Dayjs | null }>
      open
      title={`定时发布：${name}`}
      okText="保存"
      pending={save.isPending}
      form={form}
      onCancel={onClose}
      onFinish={(v) => v.publishAt && save.mutate(v.publishAt)}
      requiredMark
    >
      <Form.Item
        name="publishAt"
        label="发布时间"
        rules={[
          { required: true, message: '请选择发布时间' },
          {
            validator: (_r, v: Dayjs | null) =>
              !v || v.second(0).isAfter(dayjs())
                ? Promise.resolve()
                : Promise.reject(new Error('发布时间须晚于当前时间')),
          },
        ]}
        extra="到时成绩核查通过即自动发布；仍有问题时不发布，并记入动态日志。"
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={FORMAT}
          disabledDate={beforeToday}
          style={{ width: 240 }}
        />
      </Form.Item>
    </FormModal>
  );
}
