import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { portalApi } from '../../portal/portal.api';

/** Opens the QR alone on a page and prints it: a sheet for the school gate or a parents' meeting. */
function printQr(schoolName: string, qr: string): void {
  const w = window.open('', '_blank', 'width=600,height=760');
  if (!w) return;
  const title = `${schoolName} 学生、家长成绩查询`;
  w.document.title = title;
  const box = w.document.createElement('div');
  box.style.cssText = 'text-align:center;font-family:sans-serif;padding-top:40px';
  const h = w.document.createElement('h2');
  h.textContent = title;
  const img = w.document.createElement('img');
  img.src = qr;
  img.width = 360;
  img.height = 360;
  const p = w.document.createElement('p');
  p.textContent = '用手机扫码，学生用学号登录，家长用手机验证码登录';
  box.append(h, img, p);
  w.document.body.append(box);
  img.onload = () => w.print();
}

/** 学生、家长登录二维码 of a school (spec §7 portal QR code): to print or show; it opens the school's portal sign-in. */
export function PortalQrCard({ schoolId }: { schoolId: number }) {
  const q = useQuery({ queryKey: ['portal-qr', schoolId], queryFn: () => portalApi.schoolQr(schoolId) });
  return (
    <Card title="学生、家长登录二维码" size="small" style={{ maxWidth: 640 }}>
      {q.data ? (
        <Space align="start" size={24}>
          <img
            src={q.data.qr}
            alt="学生家长登录二维码"
            width={180}
            height={180}
            data-testid="portal-qr"
            data-url={q.data.url}
          />
          <div>
            <Typography.Paragraph>
              学生和家长用手机扫描此二维码，即打开{q.data.schoolName}的成绩查询登录页（已选好学校）。
              可打印张贴在校门口、家长会上展示，或发到家长群。
            </Typography.Paragraph>
            <Typography.Paragraph
              copyable={{ text: q.data.url }}
              type="secondary"
              style={{ wordBreak: 'break-all' }}
            >
              {q.data.url}
            </Typography.Paragraph>
            <Space>
              <Button type="primary" onClick={() => printQr(q.data.schoolName, q.data.qr)}>
                打印二维码
              </Button>
              <Button href={q.data.qr} download={`${q.data.schoolName}-学生家长登录二维码.svg`}>
                下载图片
              </Button>
            </Space>
          </div>
        </Space>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
