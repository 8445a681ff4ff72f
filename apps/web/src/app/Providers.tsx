import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useMemo, type ReactNode } from 'react';
import { CaptchaDialogs } from '../features/captcha/CaptchaDialogs';
import { queryClient } from './query-client';
import { themeWithMotion, usePrefersReducedMotion } from './reduced-motion';
import { theme } from './theme';
import { UiBridge } from './ui-bridge';

dayjs.locale('zh-cn');

/** zh_CN locale, the theme (without motion when the system asks for less), antd's App (message/modal context), the query client and the global dialogs. */
export function Providers({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  const themed = useMemo(() => themeWithMotion(theme, reduced), [reduced]);
  return (
    <ConfigProvider locale={zhCN} theme={themed}>
      <AntdApp>
        <UiBridge />
        <QueryClientProvider client={queryClient}>
          {children}
          <CaptchaDialogs />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
