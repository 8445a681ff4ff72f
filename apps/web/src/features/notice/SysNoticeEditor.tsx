import { useOneAtATime } from '../../app/useOneAtATime';
import type { SysNoticeUpdate } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Typography } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useEffect } from 'react';
import { noticeApi } from './notice.api';
import { sysNoticeQuery } from './useSysNotice';

/** 系统公告 (system administrators): the text every user sees once, and how long it stays dismissed. */
export function SysNoticeEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SysNoticeUpdate>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const current = useQuery({ ...sysNoticeQuery, enabled: open });

  useEffect(() => {
    if (open && current.isSuccess)
      form.setFieldsValue({ text: current.data?.text ?? '', maxAge: current.data?.maxAge ?? 24 });
  }, [open, current.isSuccess, current.data, form]);

  const save = useOneAtATime({
    mutationFn: (v: SysNoticeUpdate) => noticeApi.save({ text: v.text.trim(), maxAge: v.maxAge }),
    onSuccess: (saved) => {
      qc.setQueryData(sysNoticeQuery.queryKey, saved);
      void message.success(saved ? '公告已发布' : '公告已清空');
      onClose();
    },
  });

  return (
    <FormModal
      open={open}
      title="系统公告"
      okText="发布"
      save={save}
      form={form}
      onCancel={onClose}
      width={560}
      requiredMark
      initialValues={{ text: '', maxAge: 24 }}
      intro={
        <Typography.Paragraph type="secondary">
          公告会在所有用户下次打开平台时弹出一次；内容修改后会再次提醒。留空并发布即可撤下公告。
        </Typography.Paragraph>
      }
    >
      <Form.Item name="text" label="公告内容" rules={[{ max: 2000, message: '公告不能超过 2000 字' }]}>
        <Input.TextArea
          rows={6}
          showCount
          maxLength={2000}
          placeholder="例如：本周六 22:00-24:00 系统维护，期间暂停使用。"
        />
      </Form.Item>
      <Form.Item
        name="maxAge"
        label="提醒间隔"
        extra="用户关闭公告后，在这段时间内不再重复弹出。"
        rules={[{ required: true, message: '请填写提醒间隔' }]}
      >
        <InputNumber min={1} max={24 * 365} precision={0} suffix="小时" style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}
