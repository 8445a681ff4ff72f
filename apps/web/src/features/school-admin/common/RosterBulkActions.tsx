import { DownloadOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../download';
import { DeleteAllButton } from './DeleteAllButton';

interface Props {
  /** 学生 / 老师 */
  what: string;
  /** the school's whole count, not the filtered page's: export and delete-all act on everyone */
  total: number;
  schoolName: string;
  /** path under /filter of the xlsx export, and the file name it is saved as */
  exportPath: string;
  exportName: string;
  /** how many rows are selected in the table */
  selected: number;
  /** the confirmation of 删除所选 and its button, e.g. 删除选中的 3 名学生？ / 删除 */
  selectedTitle: string;
  selectedOkText: string;
  onRemoveSelected: () => Promise<unknown>;
  removeAllPending: boolean;
  onRemoveAll: (typedName: string) => Promise<unknown>;
}

/** The right end of a roster toolbar: 导出, 删除所选 and 删除全部. */
export function RosterBulkActions(p: Props) {
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        disabled={p.total === 0}
        onClick={() => {
          setExporting(true);
          void downloadFile(p.exportPath, p.exportName).finally(() => setExporting(false));
        }}
      >
        导出
      </Button>
      <Popconfirm
        title={p.selectedTitle}
        okText={p.selectedOkText}
        okButtonProps={{ danger: true }}
        cancelText="取消"
        disabled={p.selected === 0}
        onConfirm={p.onRemoveSelected}
      >
        <Button danger disabled={p.selected === 0}>
          删除所选{p.selected ? `（${p.selected}）` : ''}
        </Button>
      </Popconfirm>
      <DeleteAllButton
        what={p.what}
        total={p.total}
        schoolName={p.schoolName}
        pending={p.removeAllPending}
        onConfirm={p.onRemoveAll}
      />
    </>
  );
}
