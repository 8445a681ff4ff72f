import type { TemplateMeta } from '@yj/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { NumberItem } from './fields';

export const CARD_TYPE_LABELS: Record<TemplateMeta['cardType'], string> = {
  online: '在线答题卡',
  thirdParty: '第三方答题卡',
};

/** Spec §3 template fields, in one line above the builder. */
export function TemplateMetaForm({
  meta,
  onChange,
}: {
  meta: TemplateMeta;
  onChange: (m: TemplateMeta) => void;
}) {
  const set = (patch: Partial<TemplateMeta>) => onChange({ ...meta, ...patch });
  return (
    <Form layout="inline" style={{ rowGap: 8 }} data-testid="template-meta">
      <Form.Item label="模板名称" required>
        <Input
          aria-label="模板名称"
          value={meta.mainTemplateName}
          maxLength={30}
          style={{ width: 180 }}
          onChange={(e) => set({ mainTemplateName: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="类型">
        <Select
          aria-label="答题卡类型"
          style={{ width: 130 }}
          value={meta.cardType}
          options={Object.entries(CARD_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(cardType: TemplateMeta['cardType']) => set({ cardType })}
        />
      </Form.Item>
      <Form.Item label="颜色">
        <Select
          aria-label="扫描颜色"
          style={{ width: 90 }}
          value={meta.colorType}
          options={[
            { value: 'gray', label: '灰度' },
            { value: 'color', label: '彩色' },
          ]}
          onChange={(colorType: TemplateMeta['colorType']) => set({ colorType })}
        />
      </Form.Item>
      <NumberItem
        label="dpi"
        min={100}
        max={600}
        step={50}
        value={meta.dpiValue}
        onChange={(dpiValue) => set({ dpiValue })}
      />
      <Form.Item label="双面（2 页）">
        <Switch
          aria-label="双面模板"
          checked={meta.isDoubleTemplate}
          onChange={(isDoubleTemplate) => set({ isDoubleTemplate })}
        />
      </Form.Item>
    </Form>
  );
}
