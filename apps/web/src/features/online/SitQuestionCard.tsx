import type { SitQuestion } from '@yj/contracts';
import { useMemo, type ReactNode } from 'react';
import { Card, Checkbox, Input, Radio, Space, Tag } from 'antd';
import { MathText } from '../../components/MathText';
import { OnlineImageUrlContext, portalOnlineImageUrl } from '../../components/online-image-url';

const letter = (i: number) => String.fromCharCode(65 + i);
const KIND: Record<string, string> = { single: '单选', multi: '多选', trueFalse: '判断', subjective: '解答' };

/**
 * The options in the order this student sees them, lettered A, B, … by place; each carries its real letter
 * (`q.letters`), which is what is chosen, sent and kept (选项打乱 changes only what is shown).
 */
function Choice({ q, value, onChange }: { q: SitQuestion; value: string; onChange: (v: string) => void }) {
  const count = q.kind === 'trueFalse' ? 2 : q.options;
  const real = (i: number) => q.letters[i] ?? letter(i);
  const label = (i: number) => {
    const text = q.optionTexts[i] ?? (q.kind === 'trueFalse' ? ['对', '错'][i] : '');
    return (
      <span>
        {letter(i)}. <MathText text={text ?? ''} />
      </span>
    );
  };
  const items = Array.from({ length: count }, (_, i) => ({ value: real(i), label: label(i) }));
  if (q.kind === 'multi')
    return (
      <Checkbox.Group value={[...value]} onChange={(v) => onChange([...v].sort().join(''))}>
        <Space direction="vertical">
          {items.map((o) => (
            <Checkbox key={o.value} value={o.value}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  return (
    <Radio.Group value={value || undefined} onChange={(e) => onChange(String(e.target.value))}>
      <Space direction="vertical">
        {items.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/**
 * One question while sitting: its text with math and images (fetched through the student's own route), then
 * choices or a box to type the answer in.
 */
export function SitQuestionCard({
  subjectId,
  q,
  value,
  onChange,
  photos,
}: {
  /** the subject sat: its paper's images are served to its sitters only */
  subjectId: number;
  q: SitQuestion;
  value: string;
  onChange: (value: string, typed: boolean) => void;
  /** a written question's photos of work on paper, under the typing box */
  photos?: ReactNode;
}) {
  const written = q.kind === 'subjective';
  const imageUrl = useMemo(() => portalOnlineImageUrl(subjectId), [subjectId]);
  return (
    <OnlineImageUrlContext.Provider value={imageUrl}>
      <Card size="small" data-testid={`online-q-${q.no}`}>
        <div style={{ marginBottom: 8 }}>
          <Tag color={written ? 'purple' : 'blue'}>{KIND[q.kind] ?? q.kind}</Tag>
          <b>第 {q.label} 题</b>
          <span style={{ color: '#86909c' }}>（{q.score} 分）</span>
        </div>
        {q.content && (
          <div style={{ marginBottom: 12, lineHeight: 1.8, whiteSpace: 'pre-wrap' }}>
            <MathText text={q.content} />
          </div>
        )}
        {written ? (
          <Input.TextArea
            aria-label={`第 ${q.label} 题作答`}
            value={value}
            autoSize={{ minRows: 4, maxRows: 16 }}
            maxLength={20000}
            placeholder="在此输入解答过程，公式可用 $…$ 书写；也可在纸上作答后拍照上传"
            onChange={(e) => onChange(e.target.value, true)}
          />
        ) : (
          <Choice q={q} value={value} onChange={(v) => onChange(v, false)} />
        )}
        {written && photos}
      </Card>
    </OnlineImageUrlContext.Provider>
  );
}
