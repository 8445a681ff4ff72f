import type { ReviewerCandidate } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { candidatesQuery } from './reviewer.api';
import { useSearchKeyword } from '../../app/useSearchKeyword';

export interface Person {
  userId: number;
  name: string;
  phone: string | null;
  schoolName: string | null;
}

/**
 * Picks people from the subject's candidates (teachers of the exam's schools, and whoever already marks
 * or leads it), searched on the server by name or phone. `known` names the ones already chosen.
 */
export function MarkerPicker({
  subjectId,
  value,
  onChange,
  known,
  onKnown,
  label,
  testId,
}: {
  subjectId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  known: Map<number, Person>;
  onKnown: (people: Person[]) => void;
  label: string;
  testId: string;
}) {
  const { setTyped, keyword } = useSearchKeyword();
  const q = useQuery(candidatesQuery(subjectId, keyword));
  const items: ReviewerCandidate[] = q.data?.items ?? [];
  useEffect(() => {
    if (q.data) onKnown(q.data.items);
  }, [q.data, onKnown]);
  const shown = new Map<number, Person>();
  for (const id of value) {
    const p = known.get(id);
    if (p) shown.set(id, p);
  }
  for (const c of items) shown.set(c.userId, c);
  const flags = new Map(items.map((c) => [c.userId, c]));
  return (
    <Select<number[]>
      mode="multiple"
      aria-label={label}
      data-testid={testId}
      placeholder="输入姓名或手机号搜索老师"
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      loading={q.isFetching}
      showSearch={{ onSearch: setTyped, filterOption: false }}
      onBlur={() => setTyped('')}
      notFoundContent={q.isFetching ? '正在搜索…' : '没有找到老师'}
      options={[...shown.values()].map((p) => ({ value: p.userId, label: p.name, person: p }))}
      optionRender={(opt) => {
        const p = opt.data.person as Person;
        const c = flags.get(p.userId);
        return (
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span style={{ minWidth: 56 }}>{p.name}</span>
            <Typography.Text type="secondary">{p.phone ?? '未登记手机号'}</Typography.Text>
            {c?.reviewer && <Tag color="blue">阅卷老师</Tag>}
            {c?.leader && <Tag color="purple">题组长</Tag>}
            <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
              {p.schoolName ?? ''}
            </Typography.Text>
          </div>
        );
      }}
    />
  );
}
