import type { QualityLimitsInput } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useFormDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { qualityApi } from './quality.api';
import { qualityKeys } from './quality.queries';

interface Values extends QualityLimitsInput {
  minAgreementPct: number;
  pause: boolean;
}

/** 质检设置 of a block: the limits a marker is flagged beyond, and whether a flagged marker is paused. */
export function QualitySettingButton({
  blockId,
  limits,
  pause,
}: {
  blockId: number;
  limits: QualityLimitsInput;
  pause: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const save = useOneAtATime({
    mutationFn: (v: Values) =>
      qualityApi.setting(blockId, {
        limits: {
          minMarks: v.minMarks,
          maxMeanDiffSd: v.maxMeanDiffSd,
          minAgreement: v.minAgreementPct / 100,
          maxStandardDev: v.maxStandardDev,
          maxSelfDiff: v.maxSelfDiff,
          drift: v.drift,
          biasEvidence: v.biasEvidence,
        },
        pause: v.pause,
      }),
    onSuccess: async () => {
      message.success('质检设置已保存');
      setOpen(false);
      await qc.invalidateQueries({ queryKey: qualityKeys.block(blockId) });
    },
  });
  const guard = useFormDialogGuard(form, { open, saving: save.isPending, onClose: () => setOpen(false) });
  return (
    <>
      <Button onClick={() => setOpen(true)}>质检设置</Button>
      <Modal
        title="质检设置"
        open={open}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={guard.close}
        cancelButtonProps={{ disabled: save.isPending }}
        onOk={() => void form.validateFields().then((v) => save.mutate(v))}
        destroyOnHidden
      >
        {guard.leaveGuard}
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ ...limits, minAgreementPct: Math.round(limits.minAgreement * 100), pause }}
        >
          <Form.Item
            name="minMarks"
            label="评满多少份后开始判断"
            rules={[{ required: true, message: '请填写份数' }]}
          >
            <InputNumber min={1} max={10000} precision={0} addonAfter="份" />
          </Form.Item>
          <Form.Item
            name="maxMeanDiffSd"
            label="平均分与题块平均分相差超过（个标准差）"
            rules={[{ required: true, message: '请填写' }]}
          >
            <InputNumber min={0.1} max={10} step={0.1} />
          </Form.Item>
          <Form.Item
            name="minAgreementPct"
            label="双评一致率低于"
            rules={[{ required: true, message: '请填写' }]}
          >
            <InputNumber min={0} max={100} precision={0} addonAfter="%" />
          </Form.Item>
          <Form.Item
            name="maxStandardDev"
            label="标准卷平均偏差超过"
            rules={[{ required: true, message: '请填写' }]}
          >
            <InputNumber min={0} max={1000} step={0.5} addonAfter="分" />
          </Form.Item>
          <Form.Item
            name="maxSelfDiff"
            label="自评两次平均相差超过"
            rules={[{ required: true, message: '请填写' }]}
          >
            <InputNumber min={0} max={1000} step={0.5} addonAfter="分" />
          </Form.Item>
          <Form.Item
            name="biasEvidence"
            label="连续几份有参照的评分（标准卷、双评、抽查）都偏同一方向至少一个给分步长即标记（不受上面份数限制；全是双评时再多 2 份）"
            rules={[{ required: true, message: '请填写份数' }]}
          >
            <InputNumber min={2} max={20} precision={0} addonAfter="份" />
          </Form.Item>
          <Form.Item name="drift" label="检测评分漂移（指数加权均值与累积和控制图）" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="pause" label="被标记的老师暂停领取试卷，由题组长放行" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
