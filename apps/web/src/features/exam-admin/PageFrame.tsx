import { Breadcrumb, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  to?: string;
}

/** The frame of every exam screen: breadcrumb, title line with actions, then the cards. */
export function PageFrame({
  crumbs,
  title,
  extra,
  children,
  testId,
}: {
  crumbs: Crumb[];
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={testId}>
      <div>
        <Breadcrumb
          items={crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
          style={{ marginBottom: 8 }}
        />
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Typography.Title level={4} style={{ margin: 0, flex: 1, minWidth: 0 }}>
            {title}
          </Typography.Title>
          {extra}
        </div>
      </div>
      {children}
    </Space>
  );
}
