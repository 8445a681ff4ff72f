import { ScheduleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { taskCountQuery } from './tasks.api';

/** The header's way to 我的任务: the count of the person's exports, recognition and runs still going. */
export function TaskBadge() {
  const { data, refetch } = useQuery(taskCountQuery);
  const { pathname } = useLocation();
  // a task is usually started on the screen just left (an export, an upload): the count follows at once
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const active = data?.active ?? 0;
  const label = active > 0 ? `我的任务，${active} 个进行中` : '我的任务';
  return (
    <Tooltip title={label}>
      <Link to="/book/offline/task" aria-label={label} data-track="header.tasks" data-testid="task-badge">
        <Badge count={active} size="small" offset={[-4, 4]} color="blue">
          <Button type="text" shape="circle" icon={<ScheduleOutlined />} tabIndex={-1} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
