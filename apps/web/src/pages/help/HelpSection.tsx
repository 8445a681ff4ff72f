import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One topic of 帮助中心; `extra` sits beside its title (the topic's 观看视频). */
export function HelpSection({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section style={{ marginTop: 28 }}>
      <Space align="baseline" size={16}>
        <Typography.Title level={4}>{title}</Typography.Title>
        {extra}
      </Space>
      {children}
    </section>
  );
}
