import { SaveOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { SaveFailed } from './SaveFailed';

/**
 * The foot of a tab: its own 保存 button, whether it has unsaved changes, the other tabs still unsaved (a bare
 * 已保存 read as if the whole structure were saved), and a refused save.
 */
export function SaveBar({
  label,
  dirty,
  othersUnsaved = [],
  alsoSaves = [],
  saving,
  error,
  errorTitle,
  onSave,
  testId,
}: {
  label: string;
  dirty: boolean;
  othersUnsaved?: string[];
  /** unsaved parts this save sends first (the questions its answers belong to) */
  alsoSaves?: string[];
  saving: boolean;
  error: unknown;
  errorTitle?: string;
  onSave: () => void;
  testId: string;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SaveFailed error={error} title={errorTitle} />
      <Space wrap>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave} data-testid={testId}>
          {label}
        </Button>
        {dirty ? (
          <Tag color="warning">有未保存的修改</Tag>
        ) : (
          <Tag color="success">{othersUnsaved.length ? '本页已保存' : '已保存'}</Tag>
        )}
        {alsoSaves.length > 0 && (
          <Typography.Text type="secondary" data-testid={`${testId}-first`}>
            将先保存{alsoSaves.join('、')}
          </Typography.Text>
        )}
        {othersUnsaved.length > 0 && (
          <Typography.Text type="warning" data-testid={`${testId}-others`}>
            {othersUnsaved.join('、')}还有未保存的修改，请到该页保存
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
