import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Space } from 'antd';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { onlineApi } from './online.api';
import { OnlineSettingCard } from './OnlineSettingCard';
import { MakeupCard } from './MakeupCard';
import { SittersCard } from './SittersCard';

/** subject/{subjectId}/setting/online (在线考试): the setting, 发布 / 取消, who sits where and 补考 (issue 34). */
export function OnlineExamView({ subject, exam, permission }: SubjectBundle) {
  const s = subject.subjectInfo;
  const setting = useQuery({ queryKey: ['online', 'setting', s.id], queryFn: () => onlineApi.setting(s.id) });
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '在线考试' })}
      title={`${exam.name} · ${s.name} · 在线考试`}
      testId="online-exam"
    >
      {setting.isError ? (
        <QueryFailed
          title="在线考试设置加载失败"
          error={setting.error}
          onRetry={() => void setting.refetch()}
        />
      ) : !setting.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <OnlineSettingCard
            key={`${setting.data.state}:${setting.data.launchedAt ?? ''}`}
            setting={setting.data}
            canEdit={permission.editSetting}
          />
          {setting.data.state !== 'draft' && permission.roster && (
            <SittersCard subjectId={s.id} canReopen={permission.editSetting && setting.data.canReopen} />
          )}
          {/* a paper subject's 补考 (its absent examinees online) needs no launch */}
          {(setting.data.state === 'launched' || setting.data.mode === 'paper') && permission.roster && (
            <MakeupCard
              subjectId={s.id}
              paper={setting.data.mode === 'paper'}
              examDuration={setting.data.mode === 'paper' ? null : (setting.data.durationMin ?? 0)}
              canEdit={permission.editSetting && setting.data.canMakeup}
            />
          )}
        </Space>
      )}
    </PageFrame>
  );
}
