import type { ServiceLinksUpdate } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { FormModal } from '../../components/FormModal';
import { noticeApi } from './notice.api';

const URL_RULE = {
  pattern: /^https?:\/\/\S+$/i,
  message: '请填写以 http:// 或 https:// 开头的链接',
};

/** 客服链接 (system administrators): the normal and the VIP web-chat address; empty removes an entry. */
export function ServiceLinksEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ServiceLinksUpdate>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: ['serviceLinks', 'edit'],
    queryFn: noticeApi.editServiceLinks,
    enabled: open,
  });

  useEffect(() => {
    if (open && current.isSuccess)
      form.setFieldsValue({ normal: current.data.normal ?? '', vip: current.data.vip ?? '' });
  }, [open, current.isSuccess, current.data, form]);

  const save = useOneAtATime({
    mutationFn: (v: ServiceLinksUpdate) =>
      noticeApi.saveServiceLinks({ normal: (v.normal ?? '').trim(), vip: (v.vip ?? '').trim() }),
    onSuccess: async (saved) => {
      qc.setQueryData(['serviceLinks', 'edit'], saved);
      await qc.invalidateQueries({ queryKey: ['serviceLinks', 'mine'] });
      void message.success('客服链接已保存');
      onClose();
    },
  });

  return (
    <FormModal
      open={open}
      title="客服链接"
      okText="保存"
      pending={save.isPending}
      form={form}
      onCancel={onClose}
      width={560}
      initialValues={{ normal: '', vip: '' }}
      onFinish={(v) => save.mutate(v)}
      intro={
        <Typography.Paragraph type="secondary">
          帮助中心的“在线客服”按钮打开这里的网页客服地址：普通客服对所有老师显示，VIP
          客服只对学校管理员和教育局管理员显示。留空即不显示该入口。
        </Typography.Paragraph>
      }
    >
      <Form.Item name="normal" label="在线客服" rules={[URL_RULE]}>
        <Input placeholder="https://" maxLength={500} data-testid="service-normal" />
      </Form.Item>
      <Form.Item name="vip" label="VIP 客服" rules={[URL_RULE]}>
        <Input placeholder="https://" maxLength={500} data-testid="service-vip" />
      </Form.Item>
    </FormModal>
  );
}
