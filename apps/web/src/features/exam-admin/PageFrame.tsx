import { Breadcrumb, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  to?: string;
}

/** A breadcrumb trail from 首页 (the user's home) to the screen. */
export const homeCrumbs = (...trail: Crumb[]): Crumb[] => [{ title: '首页', to: '/book/home' }, ...trail];

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
        {/* The title keeps at least 360 px: actions that do not fit beside it go to a row of their own (a subject's
            ten buttons squeezed a 40-character exam name to one character a line) */}
        <div style={{ display: 'flex', alignItems: 'center', gap: '8px 16px', flexWrap: 'wrap' }}>
          <Typography.Title level={4} style={{ margin: 0, flex: '1 1 360px', minWidth: 0 }}>
            {title}
          </Typography.Title>
          {extra && <div style={{ flex: '0 1 auto', minWidth: 0 }}>{extra}</div>}
        </div>
      </div>
      {children}
    </Space>
  );
}
