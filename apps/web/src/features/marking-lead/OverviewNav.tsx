import { Segmented } from 'antd';
import { useNavigate } from 'react-router';

type Here = 'blockOrStudent' | 'abnormal' | 'progress' | 'other';

/** The overview family's way between its screens (spec §2 overview, abnormal, review/progress/all). */
export function OverviewNav({ subjectId, here }: { subjectId: number; here: Here }) {
  const navigate = useNavigate();
  const to: Record<Exclude<Here, 'other'>, string> = {
    blockOrStudent: `/book/subject/${subjectId}/overview/blockOrStudent`,
    abnormal: `/book/abnormal?subjectId=${subjectId}`,
    progress: `/book/review/progress/all?subjectId=${subjectId}`,
  };
  return (
    <Segmented<Here>
      data-testid="overview-nav"
      value={here}
      onChange={(v) => v !== 'other' && void navigate(to[v])}
      options={[
        { value: 'blockOrStudent', label: '按题块 / 学生查看' },
        { value: 'abnormal', label: '问题卷' },
        { value: 'progress', label: '阅卷进度' },
      ]}
    />
  );
}
