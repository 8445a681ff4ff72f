import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { AdminsPanel } from '../../features/school-admin/admins/AdminsPanel';
import { AdmissionsPanel } from '../../features/school-admin/admissions/AdmissionsPanel';
import { SchoolExamsPanel } from '../../features/school-admin/exams/SchoolExamsPanel';
import { GradesPanel } from '../../features/school-admin/grades/GradesPanel';
import { OrgPanel } from '../../features/school-admin/org/OrgPanel';
import { schoolNameIn } from '../../features/school-admin/org-tree';
import { PortalQrCard } from '../../features/school-admin/other/PortalQrCard';
import { RecordsPanel } from '../../features/school-admin/records/RecordsPanel';
import { TeacherSchedulePanel } from '../../features/school-admin/schedule/TeacherSchedulePanel';
import { orgTreeQuery } from '../../features/school-admin/school-admin.queries';
import { StudentsPanel } from '../../features/school-admin/students/StudentsPanel';
import { StudentAccountsPanel } from '../../features/portal/StudentAccountsPanel';
import { TeachersPanel } from '../../features/school-admin/teachers/TeachersPanel';
import { NoSchoolAccess } from './NoSchoolAccess';
import { baseInfoPath, canManageSchool } from './access';
import { CARDS, cardOf, type CardKey } from './cards';
import { SchoolHeader } from './SchoolHeader';

/** /book/school/:schoolId/base_info_/:card? — the school's base information, one card per tab. */
export function SchoolBaseInfoPage() {
  const user = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const schoolId = Number(params.schoolId);
  const card = cardOf(params.card);
  const allowed = Number.isInteger(schoolId) && schoolId > 0 && canManageSchool(user, schoolId);
  // A system admin may open any school; its name then comes from the organisation tree.
  const ownSchool = user.schoolId === schoolId && user.schoolName;
  const tree = useQuery({ ...orgTreeQuery, enabled: allowed && !ownSchool });
  const schoolName = ownSchool || (tree.data && schoolNameIn(tree.data, schoolId)) || '';

  if (!allowed) {
    return (
      <NoSchoolAccess why="只有本校管理员可以管理学校的学生、老师和年级班级。如需开通，请联系本校管理员。" />
    );
  }

  const panels: Record<CardKey, ReactNode> = {
    students: <StudentsPanel schoolId={schoolId} schoolName={schoolName} />,
    studentAccounts: <StudentAccountsPanel schoolId={schoolId} />,
    teachers: <TeachersPanel schoolId={schoolId} schoolName={schoolName} />,
    grade: <GradesPanel schoolId={schoolId} />,
    selectedExam: <SchoolExamsPanel schoolId={schoolId} />,
    teacherSchedule: (
      <TeacherSchedulePanel
        schoolId={schoolId}
        onEditTeachers={() => void navigate(baseInfoPath(schoolId, 'teachers'))}
      />
    ),
    organization: (
      <OrgPanel
        schoolId={schoolId}
        onOpenSchool={user.isAdmin ? (id) => void navigate(baseInfoPath(id)) : undefined}
      />
    ),
    university: <AdmissionsPanel schoolId={schoolId} schoolName={schoolName} />,
    record: <RecordsPanel schoolId={schoolId} />,
    administrators: <AdminsPanel schoolId={schoolId} />,
    'yj-base-info-other': <PortalQrCard schoolId={schoolId} />,
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SchoolHeader
        schoolId={schoolId}
        schoolName={schoolName || (tree.isPending ? '正在加载…' : `学校 #${schoolId}`)}
      />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={card}
          // Only the open card mounts, so only its lists load.
          destroyOnHidden
          onChange={(key) => void navigate(baseInfoPath(schoolId, key))}
          items={CARDS.map((c) => ({ key: c.key, label: c.label, children: panels[c.key] }))}
        />
      </Card>
    </Space>
  );
}
