import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { fix2, type StudentReport as Data, type StudentReportSubject } from '@yj/contracts';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { studentReportQuery } from './report.api';
import './student-report.css';

const shown = (x: number | null | undefined) => (x === null || x === undefined ? '—' : fix2(x));
const rate = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

const Head = ({ titles }: { titles: string[] }) => (
  <thead>
    <tr>
      {titles.map((t) => (
        <th key={t}>{t}</th>
      ))}
    </tr>
  </thead>
);

function Summary({ d }: { d: Data }) {
  return (
    <section>
      <h2>成绩与排名</h2>
      <table data-testid="student-report-summary">
        <Head
          titles={[
            '科目',
            '满分',
            '得分',
            '班级平均',
            '班级最高',
            '班级排名',
            '校内排名',
            '总排名',
            '等级',
            '赋分',
          ]}
        />
        <tbody>
          {d.subjects.map((s) => (
            <tr key={s.subjectId ?? 0}>
              <td>{s.name}</td>
              <td>{s.fullScore}</td>
              <td>{s.score === null ? '缺考' : fix2(s.score)}</td>
              <td>{shown(s.classMean)}</td>
              <td>{shown(s.classMax)}</td>
              <td>{s.rankInClass ?? '—'}</td>
              <td>{s.rankInSchool ?? '—'}</td>
              <td>{s.rank ?? '—'}</td>
              <td>{s.grade ?? '—'}</td>
              <td>{shown(s.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each question of a subject against the class: below the class's 得分率 in red (bold when printed). */
function Questions({ s }: { s: StudentReportSubject }) {
  return (
    <section>
      <h2>
        {s.name}：各题得分（{s.score === null ? '缺考' : `${fix2(s.score)} / ${s.fullScore} 分`}）
      </h2>
      <table data-testid="student-report-questions">
        <Head titles={['题号', '满分', '得分', '得分率', '班级平均', '班级得分率']} />
        <tbody>
          {s.questions.map((q) => {
            const mine = q.score === null || q.full <= 0 ? null : q.score / q.full;
            const below = mine !== null && q.classRate !== null && mine < q.classRate;
            return (
              <tr key={q.no} className={below ? 'below' : undefined}>
                <td>{q.no}</td>
                <td>{q.full}</td>
                <td>{shown(q.score)}</td>
                <td>{rate(mine)}</td>
                <td>{shown(q.classMean)}</td>
                <td>{rate(q.classRate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** 学生成绩报告: a student's scores, ranks and each question against the class, printable on A4. */
export function StudentReport({ examId, examineeId }: { examId: number; examineeId: number }) {
  const q = useQuery(studentReportQuery(examId, examineeId));
  if (q.isError && !q.data)
    return <QueryFailed title="学生报告加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (!d) return <Card loading />;
  return (
    <div className="student-report" data-testid="student-report">
      <Space className="no-print" style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => window.print()} data-testid="student-report-print">
          打印
        </Button>
      </Space>
      <h1>{d.examName} · 学生成绩报告</h1>
      <Space size="large" wrap data-testid="student-report-who">
        <span>姓名：{d.name}</span>
        <span>考号：{d.kaohao}</span>
        <span>学校：{d.schoolName}</span>
        <span>
          班级：{d.className}（班级 {d.classSize} 人，全体 {d.examSize} 人）
        </span>
      </Space>
      <Summary d={d} />
      {d.subjects
        .filter((s) => s.questions.length)
        .map((s) => (
          <Questions key={s.subjectId ?? 0} s={s} />
        ))}
      <p style={{ fontSize: 12, marginTop: 12 }}>
        排名为竞争排名（同分同名次），总排名为全体考生中的名次，缺考不参与排名；得分率低于班级得分率的题目以红色标出。
      </p>
    </div>
  );
}
