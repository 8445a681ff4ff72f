import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark';

const FEATURES = ['答题卡扫描与异常处理', '网上阅卷与质量监控', '成绩发布与分析报告'];

/** Two-panel frame of the sign-in screens: the product on the left, the form card on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', background: '#f5f7fa' }}>
      <aside
        className="auth-brand"
        style={{
          flex: '0 0 42%',
          background: 'linear-gradient(150deg, #1f6feb 0%, #0b3d91 100%)',
          color: '#fff',
          padding: '56px 56px',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <BrandMark size={36} inverse />
          <span style={{ fontSize: 22, fontWeight: 600, letterSpacing: 2 }}>阅卷</span>
        </div>
        <div>
          <h1 style={{ fontSize: 32, fontWeight: 600, margin: '0 0 16px', lineHeight: 1.4 }}>
            考试扫描、阅卷与成绩分析平台
          </h1>
          <p style={{ fontSize: 16, opacity: 0.85, margin: '0 0 32px' }}>
            为学校和教育局提供从答题卡到成绩报告的一站式服务
          </p>
          {FEATURES.map((f) => (
            <div
              key={f}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                fontSize: 15,
                marginBottom: 14,
                opacity: 0.95,
              }}
            >
              <CheckCircleFilled style={{ color: '#7ee2b8' }} />
              {f}
            </div>
          ))}
        </div>
        <div style={{ fontSize: 12, opacity: 0.6 }}>推荐使用最新版 Chrome、Edge 或 360 极速浏览器</div>
      </aside>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Card
          style={{ width: 400, maxWidth: '100%', boxShadow: '0 8px 24px rgba(15, 35, 95, 0.08)' }}
          styles={{ body: { padding: '36px 36px 28px' } }}
        >
          {children}
        </Card>
      </main>
      <style>{'@media (max-width: 900px) { .auth-brand { display: none !important; } }'}</style>
    </div>
  );
}

export function AuthTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
          {subtitle}
        </Typography.Text>
      )}
    </div>
  );
}
