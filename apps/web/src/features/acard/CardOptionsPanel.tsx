import { CARD_PAPERS, type CardPaper } from '@yj/contracts';
import { Card, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { ButtonChoice } from '../../components/ButtonChoice';
import { columnsOf, withPaper, type CardForm } from './card-form';

const PAPERS = Object.keys(CARD_PAPERS) as CardPaper[];
const PAPER_NAMES: Record<CardPaper, string> = { A4: 'A4', A5: 'A5', A3: 'A3', B4: 'B4', '8K': '8开' };

/** The card-wide options: title, paper, columns, exam-number area, sides, score strips. */
export function CardOptionsPanel({
  form,
  onChange,
  examName,
  templateName,
  onTemplateName,
  defaultDigits,
}: {
  form: CardForm;
  onChange: (f: CardForm) => void;
  examName: string;
  templateName: string;
  onTemplateName: (name: string) => void;
  /** the exam's kaohao length: the bubble grid's width when switching back from 条形码 */
  defaultDigits: number;
}) {
  const set = (change: Partial<CardForm>) => onChange({ ...form, ...change });
  const en = form.examNumber;
  return (
    <Card title="版式" size="small" data-testid="card-options">
      <Form layout="vertical" size="middle" requiredMark={false}>
        <Form.Item label="模板名称" htmlFor="acard-template-name">
          <Input
            id="acard-template-name"
            value={templateName}
            maxLength={30}
            onChange={(e) => onTemplateName(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="标题" htmlFor="acard-title" extra="不填则用考试名称">
          <Input
            id="acard-title"
            value={form.title ?? ''}
            placeholder={examName}
            maxLength={60}
            onChange={(e) => set({ title: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="纸张">
          <ButtonChoice
            aria-label="纸张"
            value={form.paper}
            onChange={(paper) => onChange(withPaper(form, paper))}
            options={PAPERS.map((p) => ({ value: p, label: PAPER_NAMES[p] }))}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {CARD_PAPERS[form.paper].label}
          </Typography.Text>
        </Form.Item>
        <Form.Item label="栏数">
          <ButtonChoice
            aria-label="栏数"
            value={form.columns}
            onChange={(columns) => set({ columns })}
            options={[1, 2, 3].map((n) => ({
              value: n,
              label: `${n} 栏`,
              disabled: !columnsOf(form.paper).includes(n),
            }))}
          />
        </Form.Item>
        <Form.Item label="考号">
          <Radio.Group
            aria-label="考号"
            value={en.kind}
            onChange={(e) =>
              set({
                examNumber:
                  e.target.value === 'barcode'
                    ? { kind: 'barcode' }
                    : { kind: 'bubbles', digits: defaultDigits },
              })
            }
            options={[
              { value: 'bubbles', label: '填涂' },
              { value: 'barcode', label: '条形码' },
            ]}
          />
          {en.kind === 'bubbles' && (
            <InputNumber
              aria-label="考号位数"
              min={4}
              max={14}
              precision={0}
              value={en.digits}
              suffix="位"
              style={{ width: 110, marginTop: 8 }}
              onChange={(v) => typeof v === 'number' && set({ examNumber: { kind: 'bubbles', digits: v } })}
            />
          )}
        </Form.Item>
        <Form.Item label="打印">
          <Radio.Group
            aria-label="打印"
            value={form.twoSided ? 2 : 1}
            onChange={(e) => set({ twoSided: e.target.value === 2 })}
            options={[
              { value: 1, label: '单面' },
              { value: 2, label: '双面' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="打分栏"
          htmlFor="acard-score-boxes"
          extra="先阅后扫：老师在纸上打分，扫描时读取分数"
          style={{ marginBottom: 0 }}
        >
          <Switch
            id="acard-score-boxes"
            checked={form.scoreBoxes}
            onChange={(scoreBoxes) => set({ scoreBoxes })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
