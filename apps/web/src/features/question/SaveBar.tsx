import { SaveOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { SaveFailed } from './SaveFailed';

/** The foot of a tab: its own 保存 button, whether it has unsaved changes, and a refused save. */
export function SaveBar({
  label,
  dirty,
  saving,
  error,
  onSave,
  testId,
}: {
  label: string;
  dirty: boolean;
  saving: boolean;
  error: unknown;
  onSave: () => void;
  testId: string;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SaveFailed error={error} />
      <Space>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave} data-testid={testId}>
          {label}
        </Button>
        {dirty ? <Tag color="warning">有未保存的修改</Tag> : <Tag color="success">已保存</Tag>}
      </Space>
    </Space>
  );
}
