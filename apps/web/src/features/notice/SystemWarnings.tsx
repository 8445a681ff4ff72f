import { useQuery } from '@tanstack/react-query';
import { Alert, Space } from 'antd';
import { noticeApi } from './notice.api';

/**
 * What the system administrator must know of how this install runs, shown on their home page (e.g. no SMS
 * gateway: reset codes only in the server log, fit for a demo and no production install).
 */
export function SystemWarnings() {
  const warnings = useQuery({
    queryKey: ['system-warnings'],
    queryFn: noticeApi.warnings,
    staleTime: 60_000,
  });
  if (!warnings.data?.length) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="system-warnings">
      {warnings.data.map((w) => (
        <Alert key={w.kind} type="warning" showIcon title="系统配置提醒" description={w.message} />
      ))}
    </Space>
  );
}
