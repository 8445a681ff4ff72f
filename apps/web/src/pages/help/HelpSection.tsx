import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 28 }}>
      <Typography.Title level={4}>{title}</Typography.Title>
      {children}
    </section>
  );
}
