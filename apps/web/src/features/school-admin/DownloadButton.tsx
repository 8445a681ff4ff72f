import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { downloadFile } from './download';

type Props = Omit<ButtonProps, 'loading' | 'onClick'> & {
  /** the file's path under /filter; null while there is nothing to download yet */
  path: string | null;
  /** the name to save under when the answer names none */
  fileName: string;
};

/** A button that downloads a file (downloadFile): busy until it is saved or refused. */
export function DownloadButton({ path, fileName, ...button }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...button}
      loading={busy}
      onClick={() => {
        if (path === null) return;
        setBusy(true);
        void downloadFile(path, fileName).finally(() => setBusy(false));
      }}
    />
  );
}
