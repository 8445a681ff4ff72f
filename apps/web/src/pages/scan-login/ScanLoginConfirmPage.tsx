import { DesktopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { authApi } from '../../features/auth/auth.api';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { PortalFrame } from '../../features/portal/PortalFrame';

const TIME = new Intl.DateTimeFormat('zh-CN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The server's Chinese reason (二维码已失效 / 已使用 …), else a plain one. */
function refusalText(e: unknown): string {
  const m = describeError(e).message;
  return m && /[\u4e00-\u9fa5]/.test(m) ? m : '无法读取登录请求，请重新扫码';
}

/** /scan-login?code=…: 手机确认登录 — the signed-in phone lets the PC that shows the QR sign in as this account. */
export function ScanLoginConfirmPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const me = useQuery(currentUserQuery);
  const info = useQuery({
    queryKey: ['scanLogin', code],
    queryFn: () => authApi.scanLoginInfo(code),
    enabled: code.length > 0,
    retry: false,
    meta: { silent: true },
  });
  const confirm = useMutation({ mutationFn: () => authApi.scanLoginConfirm(code), meta: { silent: true } });
  const cancel = useMutation({ mutationFn: () => authApi.scanLoginCancel(code), meta: { silent: true } });
  const failed = info.error ?? confirm.error ?? cancel.error;

  let body;
  if (!code)
    body = <Result status="warning" title="二维码无效" subTitle="请在电脑上打开扫码登录后重新扫码" />;
  else if (failed) body = <Result status="warning" title="无法登录" subTitle={refusalText(failed)} />;
  else if (confirm.isSuccess)
    body = <Result status="success" title="已确认登录" subTitle="电脑上将自动进入阅卷平台，可关闭此页面" />;
  else if (cancel.isSuccess)
    body = <Result status="info" title="已取消登录" subTitle="电脑不会登录你的账号" />;
  else if (!info.data) body = <Spin style={{ display: 'block', paddingTop: 80 }} />;
  else
    body = (
      <div style={{ textAlign: 'center', padding: '48px 24px 24px' }}>
        <DesktopOutlined style={{ fontSize: 64, color: '#1f6feb' }} />
        <Typography.Title level={4} style={{ margin: '20px 0 8px' }}>
          登录电脑端阅卷平台
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {me.data ? `账号：${me.data.name}（${me.data.account}）` : null}
        </Typography.Paragraph>
        <div
          style={{
            background: '#fff',
            borderRadius: 8,
            padding: '12px 16px',
            textAlign: 'left',
            margin: '0 0 24px',
          }}
        >
          <div>电脑：{info.data.pcBrowser}</div>
          <div>地址：{info.data.pcIp ?? '未知'}</div>
          <div>时间：{TIME.format(new Date(info.data.createdAt))} 发起</div>
        </div>
        <Typography.Paragraph type="warning" style={{ fontSize: 13 }}>
          请确认是你本人正在使用的电脑；不认识的电脑请点“取消登录”
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          block
          onClick={() => confirm.mutate()}
          loading={confirm.isPending}
          disabled={cancel.isPending}
        >
          确认登录
        </Button>
        <Button
          size="large"
          block
          style={{ marginTop: 12 }}
          onClick={() => cancel.mutate()}
          loading={cancel.isPending}
          disabled={confirm.isPending}
        >
          取消登录
        </Button>
      </div>
    );
  return (
    <PortalFrame>
      <div style={{ padding: '14px 16px', background: '#fff', fontWeight: 600, textAlign: 'center' }}>
        手机确认登录
      </div>
      {body}
    </PortalFrame>
  );
}
