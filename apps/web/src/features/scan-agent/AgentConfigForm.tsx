import { useOneAtATime } from '../../app/useOneAtATime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { agentApi } from './agent.api';
import { agentConfigQuery, agentKeys } from './agent.queries';
import type { AgentConfigPatch } from './agent.types';

type Values = Required<
  Pick<AgentConfigPatch, 'dpi' | 'colorType' | 'duplex' | 'doubleFeed' | 'pagesPerUpload' | 'scannerStatus'>
>;

/**
 * The agent's scanner settings (getScannerConfig / setScannerConfig): resolution, colour, duplex, double-feed
 * detection, batch size.
 */
export function AgentConfigForm() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const config = useQuery(agentConfigQuery());
  const [form] = Form.useForm<Values>();
  const current = config.data?.data;
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);
  const save = useOneAtATime({
    mutationFn: (v: Values) => agentApi.setConfig(v),
    meta: { silent: true },
    onSuccess: async (env) => {
      if (env.code !== 0) return void message.error(env.message);
      message.success('扫描设置已保存');
      await qc.invalidateQueries({ queryKey: agentKeys.all });
    },
    onError: () => void message.error('扫描客户端没有响应，设置未保存'),
  });
  return (
    <Form<Values>
      form={form}
      layout="inline"
      disabled={!current}
      onFinish={(v) => save.mutate(v)}
      data-testid="agent-config"
      style={{ rowGap: 8 }}
    >
      <Form.Item label="分辨率" name="dpi" rules={[{ required: true, message: '请填写分辨率' }]}>
        <InputNumber min={100} max={600} step={50} suffix="dpi" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item label="颜色" name="colorType">
        <Select
          style={{ width: 100 }}
          options={[
            { value: 'gray', label: '灰度' },
            { value: 'color', label: '彩色' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="双面"
        name="duplex"
        valuePropName="checked"
        tooltip="由本客户端直接驱动的扫描仪按此设置扫描，不支持双面时不会开始扫描；扫描到文件夹时请在扫描仪自带软件中设置双面"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label="双张检测"
        name="doubleFeed"
        valuePropName="checked"
        tooltip="两张答卷叠在一起进纸时，扫描仪停下并提示（扫描仪有双张检测时）；答卷贴了条形码而反复误报时可关闭"
      >
        <Switch />
      </Form.Item>
      <Form.Item label="每次上传" name="pagesPerUpload" rules={[{ required: true, message: '请填写页数' }]}>
        <InputNumber min={1} max={500} suffix="页" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item
        label="扫描仪状态"
        name="scannerStatus"
        tooltip="6（默认）：不显示客户端扫描错误；其他值：在此显示扫描与上传的错误"
        rules={[{ required: true, message: '请填写扫描仪状态' }]}
      >
        <InputNumber min={0} max={99} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={save.isPending} data-testid="agent-config-save">
          保存设置
        </Button>
      </Form.Item>
    </Form>
  );
}
