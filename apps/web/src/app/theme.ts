import type { ThemeConfig } from 'antd';

/** One brand colour for the whole product; everything else follows antd's defaults. */
export const BRAND = '#1f6feb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Segoe UI', Roboto, sans-serif",
  },
};
