import type { EnvFlagUpdate } from '@yj/contracts';
import { Alert, App, Button, DatePicker, Form, Input, Popconfirm, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';
import { envFlagStore } from '../../api/env-flag';
import { useOneAtATime } from '../../app/useOneAtATime';
import { FormModal } from '../../components/FormModal';
import { envFlagText } from './env-flag-text';
import { noticeApi } from './notice.api';

interface Values {
  message: string;
  readOnly: boolean;
  until: Dayjs | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * 系统维护 (system administrators): while it is set every other user sees its message across the top, and the
 * platform refuses saves (只读维护) or everything (暂停使用) until it is lifted here. The administrator is never
 * held back by it.
 */
export function EnvFlagEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const flag = useSyncExternalStore(envFlagStore.subscribe, envFlagStore.get);

  const save = useOneAtATime({
    mutationFn: (v: Values) => {
      const body: EnvFlagUpdate = {
        message: v.message.trim(),
        readOnly: v.readOnly,
        until: v.until ? v.until.second(0).millisecond(0).toISOString() : null,
      };
      return noticeApi.setEnvFlag(body);
    },
    onSuccess: (saved) => {
      envFlagStore.set(saved);
      void message.success(saved?.readOnly ? '已开始只读维护' : '已开始维护，暂停使用');
      onClose();
    },
  });
  const clear = useOneAtATime({
    mutationFn: () => noticeApi.clearEnvFlag(),
    onSuccess: () => {
      envFlagStore.set(null);
      void message.success('维护已解除');
      onClose();
    },
  });

  const current = flag ? envFlagText(flag) : null;
  return (
    <FormModal
      open={open}
      title="系统维护"
      okText={flag ? '更新维护' : '开始维护'}
      okDanger
      save={save}
      form={form}
      onCancel={onClose}
      width={560}
      requiredMark
      initialValues={
        flag
          ? { message: flag.message, readOnly: flag.readOnly, until: flag.until ? dayjs(flag.until) : null }
          : { message: '系统升级维护中', readOnly: true, until: null }
      }
      intro={
        flag && current ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`正在维护：${flag.message}`}
            description={
              <Space direction="vertical" size={8}>
                <span>
                  {current.what}；{current.time}
                </span>
                <Popconfirm
                  title="解除维护？"
                  description="解除后所有用户即可正常使用。"
                  okText="解除"
                  cancelText="取消"
                  onConfirm={() => clear.mutate()}
                >
                  <Button type="primary" loading={clear.isPending} data-testid="env-flag-clear">
                    解除维护
                  </Button>
                </Popconfirm>
              </Space>
            }
          />
        ) : (
          <Typography.Paragraph type="secondary">
            维护期间所有用户页面顶部会显示维护说明；系统管理员不受限制，可随时在此解除。
          </Typography.Paragraph>
        )
      }
    >
      <Form.Item
        name="message"
        label="维护说明"
        rules={[
          { required: true, whitespace: true, message: '请填写维护说明' },
          { max: 200, message: '维护说明不能超过 200 字' },
        ]}
      >
        <Input maxLength={200} showCount placeholder="例如：系统升级维护中" />
      </Form.Item>
      <Form.Item name="readOnly" label="维护方式">
        <Radio.Group>
          <Space direction="vertical">
            <Radio value>只读维护：可以查看，不能保存或提交</Radio>
            <Radio value={false}>暂停使用：除系统管理员外都不能使用</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="until"
        label="预计结束时间"
        extra="只用于告知用户；维护不会自动结束，须在此解除。"
        rules={[
          {
            validator: (_r, v: Dayjs | null) =>
              !v || v.second(0).isAfter(dayjs())
                ? Promise.resolve()
                : Promise.reject(new Error('预计结束时间须晚于现在')),
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={FORMAT}
          placeholder="可不填"
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: 240 }}
        />
      </Form.Item>
    </FormModal>
  );
}
