import type { TemplateMeta } from '@yj/contracts';
import { Form, Input, Switch } from 'antd';
import { NumberItem, SelectItem } from './fields';

export const CARD_TYPE_LABELS: Record<TemplateMeta['cardType'], string> = {
  online: '在线答题卡',
  thirdParty: '第三方答题卡',
};

const CARD_TYPE_OPTIONS = (Object.keys(CARD_TYPE_LABELS) as TemplateMeta['cardType'][]).map((value) => ({
  value,
  label: CARD_TYPE_LABELS[value],
}));

const COLOR_OPTIONS: { value: TemplateMeta['colorType']; label: string }[] = [
  { value: 'gray', label: '灰度' },
  { value: 'color', label: '彩色' },
];

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
      <SelectItem
        label="类型"
        ariaLabel="答题卡类型"
        width={130}
        value={meta.cardType}
        options={CARD_TYPE_OPTIONS}
        onChange={(cardType) => set({ cardType })}
      />
      <SelectItem
        label="颜色"
        ariaLabel="扫描颜色"
        width={90}
        value={meta.colorType}
        options={COLOR_OPTIONS}
        onChange={(colorType) => set({ colorType })}
      />
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
