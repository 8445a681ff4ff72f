import { Button, Popconfirm } from 'antd';
import { scanApi } from './scan.api';
import { useFix } from './useFix';

/**
 * 其他异常: sets aside, in one go, the papers made of blank pages only — the backs of one-sided cards scanned
 * two-sided, separator sheets — instead of one 删除并重扫 each. A blank page beside a read one (a page missing
 * from a sheet) is not touched: it stays to be handled with its picture.
 */
export function BlankPapersAction({ subjectId }: { subjectId: number }) {
  const fix = useFix(
    subjectId,
    () => scanApi.blanks(subjectId),
    (r) => (r.papers.length ? `已移出 ${r.papers.length} 份只有空白页的答卷` : '没有只含空白页的答卷'),
  );
  return (
    <Popconfirm
      title="移出所有只有空白页的答卷？"
      description="这些页上没有任何内容，不属于任何考生；与有内容的页在同一份答卷里的空白页不受影响，仍需逐份处理。"
      okText="移出"
      cancelText="取消"
      placement="bottomLeft"
      onConfirm={() => fix.mutateAsync(undefined)}
    >
      <Button loading={fix.isPending} data-testid="blanks-set-aside">
        移出全部空白页
      </Button>
    </Popconfirm>
  );
}
