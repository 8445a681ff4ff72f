import type { Structure } from '@yj/contracts';
import { Alert, Button, Empty, Form, Input, InputNumber, List, Radio, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { REGION_LABELS, type PageDraft, type Region, type RegionKind } from './draft';
import type { DrawSettings } from './drawing';
import type { Proposal } from './proposals';
import type { TabKey } from './tabs';
import { DIRECTION_OPTIONS, NumberItem, SelectItem } from './fields';

/** The region kinds each tab draws and lists. */
export const TAB_KINDS: Record<TabKey, RegionKind[]> = {
  0: [],
  1: ['horizontalLine'],
  2: ['location', 'anchor'],
  3: ['examNumber', 'examCode'],
  4: ['objective'],
  5: [],
  6: ['subjective'],
  7: ['ab'],
  8: ['optional'],
  9: ['absent'],
  10: ['anchor'],
};

const HINTS: Record<TabKey, string> = {
  0: '上传空白答题卡的扫描图（每页一张），系统自动识别定位点、填涂框和答题框，橙色虚线为识别结果。',
  1: '在图上拖出一条印刷横线的区域，用于校正扫描倾斜（可跳过）。',
  2: '采用识别到的定位点，或在图上框选一块印刷内容固定的区域作为定位区（无定位点的答题卡）。',
  3: '考号为填涂时，从第一位的“0”拖到最后一位的“9”；条码或二维码时框选其区域。拖过识别到的填涂框会自动吸附。考号中有字母位时，选“字母列”，填写选项后拖过该位。',
  4: '从本组第一题的 A 拖到最后一题的最后一个选项；拖过识别到的题组会自动吸附。可直接采用识别到的题组。',
  5: '题目结构中的 AB 卷与选做题组，在“AB信息”“选做信息”中框选对应的标记。',
  6: '框选每道主观题的答题区域，并在右侧选择对应题号。点击识别到的答题框可直接采用。',
  7: '拖过 A、B 两个填涂框（AB 卷标记）。',
  8: '拖过一个选做题组的填涂框，每个框对应组内一道题。',
  9: '框选缺考标记（监考员填涂）。',
  10: '检查四个角的定位点，可点击识别结果采用，或在角上框选定位点。',
};

/** The side panel of one tab: what to do, drawing options, proposals and the regions drawn so far. */
export function TabPanel({
  tab,
  page,
  proposals,
  selectedProposal,
  settings,
  structure,
  onSettings,
  onAccept,
  onReject,
  onAcceptAll,
  onSelect,
  editor,
}: {
  tab: TabKey;
  page: PageDraft;
  proposals: Proposal[];
  selectedProposal: string | null;
  settings: DrawSettings;
  structure: Structure | null;
  onSettings: (s: DrawSettings) => void;
  onAccept: (key: string) => void;
  onReject: (key: string) => void;
  onAcceptAll: () => void;
  onSelect: (id: string) => void;
  editor: ReactNode;
}) {
  const kinds = TAB_KINDS[tab];
  const regions = page.regions.filter((r) => kinds.includes(r.kind));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={`tab-panel-${tab}`}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {HINTS[tab]}
      </Typography.Paragraph>
      {tab === 5 && <StructureMarks structure={structure} page={page} />}
      <Settings tab={tab} settings={settings} onSettings={onSettings} />
      {proposals.length > 0 && tab !== 0 && (
        <Alert
          type="warning"
          showIcon
          title={`识别到 ${proposals.length} 处候选`}
          description={
            <Space wrap size={8} style={{ marginTop: 4 }}>
              <Button size="small" type="primary" onClick={onAcceptAll} data-testid="accept-all">
                {tab === 2 || tab === 10 ? '采用识别的定位点' : '全部采用'}
              </Button>
              {selectedProposal && (
                <>
                  <Button size="small" onClick={() => onAccept(selectedProposal)}>
                    采用所选
                  </Button>
                  <Button size="small" danger onClick={() => onReject(selectedProposal)}>
                    忽略所选
                  </Button>
                </>
              )}
            </Space>
          }
        />
      )}
      {editor}
      {kinds.length > 0 && (
        <List
          size="small"
          bordered
          header={<Typography.Text strong>本页已框选（{regions.length}）</Typography.Text>}
          dataSource={regions}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有框选" /> }}
          renderItem={(r: Region) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => onSelect(r.id)}>
              <Space size={8}>
                <Tag>{REGION_LABELS[r.kind]}</Tag>
                {r.name}
                {r.kind === 'location' && !r.patch && <Tag color="orange">取参考图中</Tag>}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

function Settings({
  tab,
  settings: s,
  onSettings,
}: {
  tab: TabKey;
  settings: DrawSettings;
  onSettings: (s: DrawSettings) => void;
}) {
  const set = (patch: Partial<DrawSettings>) => onSettings({ ...s, ...patch });
  if (tab === 3)
    return (
      <Form layout="vertical" size="small">
        <Form.Item label="考号形式">
          <Radio.Group
            value={s.examKind}
            onChange={(e) => set({ examKind: e.target.value as DrawSettings['examKind'] })}
            options={[
              { value: 'bubbles', label: '填涂' },
              { value: 'column', label: '字母列' },
              { value: 'code128', label: '条形码' },
              { value: 'qr', label: '二维码' },
            ]}
          />
        </Form.Item>
        {s.examKind === 'bubbles' && (
          <NumberItem
            label="考号位数（未吸附时使用）"
            ariaLabel="考号位数设置"
            min={1}
            max={20}
            value={s.digits}
            onChange={(digits) => set({ digits })}
          />
        )}
        {s.examKind === 'column' && (
          <Form.Item
            label="本位的选项（从上到下，跨两列时接着写下一列）"
            extra="用逗号分隔，如 U,A,HT,NT；拖过这一位的填涂框，按从左到右的位置并入考号。"
          >
            <Input
              aria-label="考号字母列选项"
              placeholder="U,A,HT,NT"
              value={s.columnLabels}
              onChange={(e) => set({ columnLabels: e.target.value })}
            />
          </Form.Item>
        )}
      </Form>
    );
  if (tab === 4)
    return (
      <Form layout="vertical" size="small">
        <Space size={8} wrap>
          <NumberItem
            label="每组题数"
            min={1}
            max={100}
            value={s.questions}
            onChange={(questions) => set({ questions })}
          />
          <NumberItem
            label="选项数"
            ariaLabel="选项数设置"
            min={2}
            max={8}
            value={s.options}
            onChange={(options) => set({ options })}
          />
          <SelectItem
            label="选项方向"
            width={110}
            value={s.direction}
            options={DIRECTION_OPTIONS}
            onChange={(direction) => set({ direction })}
          />
          {/* not a NumberItem: emptied, it goes back to 自动 (the next free number) */}
          <Form.Item label="起始题号">
            <InputNumber
              aria-label="起始题号设置"
              min={1}
              max={999}
              placeholder="自动"
              value={s.firstQuestion}
              onChange={(v) => set({ firstQuestion: v ?? null })}
            />
          </Form.Item>
        </Space>
      </Form>
    );
  if (tab === 7 || tab === 8)
    return (
      <Form layout="vertical" size="small">
        <NumberItem
          label="填涂框个数（未吸附时使用）"
          ariaLabel="填涂框个数"
          min={2}
          max={8}
          value={s.marks}
          onChange={(marks) => set({ marks })}
        />
      </Form>
    );
  return null;
}

function StructureMarks({ structure, page }: { structure: Structure | null; page: PageDraft }) {
  if (!structure) return <Alert type="info" showIcon title="题目结构未加载" />;
  const hasAb = page.regions.some((r) => r.kind === 'ab');
  const optional = page.regions.filter((r) => r.kind === 'optional').length;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Alert
        type={structure.abEnabled && !hasAb ? 'warning' : 'success'}
        showIcon
        title={
          structure.abEnabled
            ? `已启用 AB 卷${hasAb ? '，本页已框选 AB 标记' : '，请在“AB信息”中框选 AB 标记'}`
            : '未启用 AB 卷'
        }
      />
      <Alert
        type={structure.optionalGroups.length > optional ? 'warning' : 'success'}
        showIcon
        title={
          structure.optionalGroups.length
            ? `选做题组 ${structure.optionalGroups.length} 个：${structure.optionalGroups.map((g) => `${g.name}（${g.nos.join('、')} 选 ${g.pick}）`).join('；')}`
            : '没有选做题组'
        }
      />
    </Space>
  );
}
