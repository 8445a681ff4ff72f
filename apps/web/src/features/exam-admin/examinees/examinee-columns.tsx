import type { ExamineeItem } from '@yj/contracts';
import { Button, Input, InputNumber, Space, Tag, Typography, type TableColumnsType } from 'antd';

export interface EditDraft {
  kaohao: string;
  kaochang: string;
  seat: number | null;
}

export interface ColumnOptions {
  joint: boolean;
  withAbsent: boolean;
  canManage: boolean;
  editingId: number | null;
  draft: EditDraft;
  onDraft: (d: EditDraft) => void;
  onEdit: (row: ExamineeItem) => void;
  onSave: (row: ExamineeItem) => void;
  onCancel: () => void;
  saving: boolean;
}

/** Columns of the examinee table; the row being edited turns kaohao, room and seat into inputs. */
export function examineeColumns(o: ColumnOptions): TableColumnsType<ExamineeItem> {
  const editing = (r: ExamineeItem) => r.id === o.editingId;
  const cols: TableColumnsType<ExamineeItem> = [
    {
      title: '考号',
      dataIndex: 'kaohao',
      width: 150,
      render: (v: string, r) =>
        editing(r) ? (
          <Input
            size="small"
            aria-label="考号"
            maxLength={20}
            value={o.draft.kaohao}
            onChange={(e) => o.onDraft({ ...o.draft, kaohao: e.target.value.trim() })}
          />
        ) : (
          <Typography.Text strong>{v}</Typography.Text>
        ),
    },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '学号', dataIndex: 'xuehao', width: 120 },
  ];
  if (o.joint) cols.push({ title: '学校', dataIndex: 'schoolName', ellipsis: true });
  cols.push(
    { title: '班级', dataIndex: 'className', width: 120 },
    {
      title: '考场',
      dataIndex: 'kaochang',
      width: 100,
      render: (v: string | null, r) =>
        editing(r) ? (
          <Input
            size="small"
            aria-label="考场"
            maxLength={20}
            value={o.draft.kaochang}
            onChange={(e) => o.onDraft({ ...o.draft, kaochang: e.target.value })}
          />
        ) : (
          (v ?? '—')
        ),
    },
    {
      title: '座位号',
      dataIndex: 'seat',
      width: 90,
      render: (v: number | null, r) =>
        editing(r) ? (
          <InputNumber
            size="small"
            aria-label="座位号"
            min={1}
            max={999}
            precision={0}
            style={{ width: 70 }}
            value={o.draft.seat}
            onChange={(seat) => o.onDraft({ ...o.draft, seat })}
          />
        ) : (
          (v ?? '—')
        ),
    },
    {
      title: '试卷类型',
      dataIndex: 'paperType',
      width: 90,
      render: (v: 'A' | 'B' | null) =>
        v ? (
          <Tag color={v === 'A' ? 'blue' : 'purple'}>{v} 卷</Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  );
  if (o.withAbsent) {
    cols.push({
      title: '本科缺考',
      dataIndex: 'absent',
      width: 90,
      render: (v: boolean | undefined) =>
        v ? <Tag color="red">缺考</Tag> : <Typography.Text type="secondary">正常</Typography.Text>,
    });
  }
  if (o.canManage) {
    cols.push({
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) =>
        editing(r) ? (
          <Space size={4}>
            <Button type="link" size="small" loading={o.saving} onClick={() => o.onSave(r)}>
              保存
            </Button>
            <Button type="link" size="small" onClick={o.onCancel} disabled={o.saving}>
              取消
            </Button>
          </Space>
        ) : (
          <Button type="link" size="small" disabled={o.editingId !== null} onClick={() => o.onEdit(r)}>
            编辑
          </Button>
        ),
    });
  }
  return cols;
}
