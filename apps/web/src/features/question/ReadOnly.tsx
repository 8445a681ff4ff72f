import { Alert, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * A settings screen for someone who may read but not edit it (subject.setting.edit refused): a notice
 * on top and every control below disabled, so nothing is typed that could only fail on 保存.
 */
export function ReadOnly({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return <>{children}</>;
  return (
    <>
      <Alert type="info" showIcon title="你没有修改本科目设置的权限，只能查看" data-testid="read-only" />
      {/* antd's context disables its controls; the fieldset also those given disabled={false} by a rule */}
      <ConfigProvider componentDisabled>
        <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {children}
        </fieldset>
      </ConfigProvider>
    </>
  );
}
