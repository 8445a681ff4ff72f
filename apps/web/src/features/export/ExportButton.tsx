import type { ExportCreate } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { BASE_PATH } from '../../api/constants';
import { useOneAtATime } from '../../app/useOneAtATime';
import { exportApi, exportKeys } from './export.api';

/**
 * Asks for an export; the file is written by a job and lands in the download center. A double click asks once
 * (the double-click guard; useOneAtATime while the first is unanswered); asked again while that export is still
 * to be made (another tab), the server gives the same task back.
 */
export function ExportButton({
  request,
  label,
  testId,
}: {
  request: ExportCreate;
  label: string;
  testId: string;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  // the message renders outside the router: it navigates with this page's navigate, not a <Link>
  const navigate = useNavigate();
  const create = useOneAtATime({
    mutationFn: () => exportApi.create(request),
    onSuccess: async () => {
      // one message however often it is asked: asked again, the same task comes back and replaces this message
      message.success({
        key: 'export-submitted',
        content: (
          <span>
            已提交导出任务，生成后可在
            <Typography.Link
              href={`${BASE_PATH}/book/download/center`}
              onClick={(e) => {
                // a real link (its address, a new tab on ctrl-click), followed by this page's router
                if (e.ctrlKey || e.metaKey || e.shiftKey) return;
                e.preventDefault();
                void navigate('/book/download/center');
              }}
            >
              下载中心
            </Typography.Link>
            下载
          </span>
        ),
      });
      await qc.invalidateQueries({ queryKey: exportKeys.center });
    },
  });
  return (
    <Button loading={create.isPending} onClick={() => create.mutate()} data-testid={testId}>
      {label}
    </Button>
  );
}
