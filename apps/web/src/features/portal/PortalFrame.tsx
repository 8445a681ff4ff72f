import type { ReactNode } from 'react';

/** The frame of every 学生端 / 家长端 screen: a phone's width (375 px first), centred on a desktop. */
export function PortalFrame({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', background: '#f2f4f7' }}>
      <div style={{ maxWidth: 560, margin: '0 auto', minHeight: '100vh', background: '#f7f8fa' }}>
        {children}
      </div>
    </div>
  );
}
