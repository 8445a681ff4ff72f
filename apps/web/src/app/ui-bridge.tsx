import { App } from 'antd';
import { useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

let current: AppApi | undefined;

/** antd's message/modal instances for code outside React (the global error handler). */
export function uiApi(): AppApi | undefined {
  return current;
}

/** Mounted once inside antd's <App>, so static calls get the app's theme and locale. */
export function UiBridge(): null {
  const api = App.useApp();
  useEffect(() => {
    current = api;
    return () => {
      if (current === api) current = undefined;
    };
  }, [api]);
  return null;
}
