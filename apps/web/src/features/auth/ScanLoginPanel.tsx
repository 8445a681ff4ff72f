import type { LoginResponse } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { authApi } from './auth.api';

const POLL_MS = 2000;

type Ended = 'expired' | 'cancelled' | null;

/**
 * 扫码登录 on the scanning PC: a QR for a signed-in phone to scan; the page asks every two seconds whether the
 * phone confirmed, and signs in when it did. A new QR on demand once it expired or was turned down.
 */
export function ScanLoginPanel({ onSignedIn }: { onSignedIn: (res: LoginResponse) => void }) {
  const [ended, setEnded] = useState<Ended>(null);
  const qr = useMutation({ mutationFn: authApi.scanLoginQr, onSuccess: () => setEnded(null) });
  const ticket = qr.data?.ticket;
  const { mutate: newQr } = qr;
  // the caller's handler changes with every render; the polling keeps running across them
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  useEffect(() => newQr(), [newQr]);

  useEffect(() => {
    if (!ticket || ended) return;
    let stopped = false;
    const timer = setInterval(() => {
      authApi
        .scanLoginPoll(ticket)
        .then((r) => {
          if (stopped) return;
          if (r.state === 'signedIn') signedIn.current(r.login);
          else if (r.state !== 'waiting') setEnded(r.state);
        })
        // a failed poll (network) is tried again at the next tick
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [ticket, ended]);

  if (ended) {
    return (
      <Result
        status="info"
        title={ended === 'expired' ? '二维码已失效' : '已在手机上取消登录'}
        extra={
          <Button type="primary" onClick={() => newQr()} loading={qr.isPending}>
            刷新二维码
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ textAlign: 'center' }}>
      <div style={{ width: 220, height: 220, margin: '0 auto 16px', display: 'grid', placeItems: 'center' }}>
        {qr.data ? (
          <img
            src={qr.data.qr}
            alt="扫码登录二维码"
            width={220}
            height={220}
            data-testid="scan-login-qr"
            data-url={qr.data.url}
          />
        ) : (
          <Spin />
        )}
      </div>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        请用已登录阅卷平台的手机扫描二维码
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        在手机上确认后，这台电脑将自动登录；二维码 2 分钟内有效，只能使用一次
      </Typography.Paragraph>
    </div>
  );
}
