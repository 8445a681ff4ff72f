import { Card, Collapse, Typography } from 'antd';
import { Link } from 'react-router';
import { MathText } from '../../components/MathText';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { ServiceLinks } from '../../features/notice/ServiceLinks';
import { HelpSection } from './HelpSection';
import { WatchVideo } from './HelpVideoPlayer';
import { HELP_VIDEO_TOPICS, type HelpVideoTopic } from './help-videos';

const { Paragraph, Text } = Typography;

const FAQ = [
  {
    key: 'locked',
    label: '登录时提示“用户名或密码错误”，并要求输入图形验证码？',
    children: (
      <Paragraph>
        为防止他人猜测密码，连续输错几次后需要输入图片中的字符才能继续登录。请确认账号和密码（注意大小写和输入法状态），看不清图片可点击“看不清，换一张”。如果记不起密码，请使用登录页的“忘记密码”。
      </Paragraph>
    ),
  },
  {
    key: 'sms',
    label: '收不到短信验证码怎么办？',
    children: (
      <Paragraph>
        请确认填写的是账号绑定的手机号，并检查短信是否被拦截。验证码 60
        秒后可重新获取；为保护账号安全，同一手机号每天获取验证码的次数有限，用完后请第二天再试，或请学校管理员协助重置密码。
      </Paragraph>
    ),
  },
  {
    key: 'expired',
    label: '为什么使用中突然回到了登录页？',
    children: (
      <Paragraph>
        长时间未操作、在其他设备修改了密码或退出了登录，当前登录状态都会失效，系统会自动回到登录页。重新登录即可，已保存的数据不受影响。
      </Paragraph>
    ),
  },
  {
    key: 'no-exam',
    label: '首页“我的考试”是空的？',
    children: (
      <Paragraph>
        考试由学校管理员创建。只有当您参与某场考试（例如被分配为阅卷老师、扫描员或学科负责人）后，它才会显示在“我的考试”中。如果您认为应该能看到某场考试，请联系本校管理员确认分工。
      </Paragraph>
    ),
  },
  {
    key: 'formula',
    label: '题目和答案里的数学公式如何显示？',
    children: (
      <Paragraph>
        平台会把公式排版成标准数学格式，例如勾股定理 <MathText text="$a^2 + b^2 = c^2$" />
        ，以及一元二次方程的求根公式：
        <MathText text="$$x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}$$" />
      </Paragraph>
    ),
  },
];

/** The tasks of one exam, in the order a school does them; each with its video when one is recorded. */
const TASKS: Array<{ topic: HelpVideoTopic; text: string }> = [
  {
    topic: 'create-exam',
    text: '学校管理员在“考试管理”中点击“创建考试”，依次填写考试名称、年级和日期，选择科目和满分，按班级添加考生（考号按规则自动生成），最后安排学科负责人和阅卷老师。',
  },
  {
    topic: 'answer-card',
    text: '题目设置好后，在科目页点击“在线答题卡”，系统按题目结构自动排版；可选择纸张和栏数、修改题框样式，下载 PDF 印刷，并“保存为模板”供扫描识别使用。',
  },
  {
    topic: 'scan-upload',
    text: '在科目的“扫描”页选择扫描好的答题卡图片并上传，系统自动识别考号、客观题和打分栏；识别异常的答题卡在“异常页”中逐张处理。',
  },
  {
    topic: 'marking',
    text: '阅卷老师在“阅卷任务”中找到自己的题块，点击“开始阅卷”；看清作答后用键盘输入分数并按回车提交，自动进入下一份，阅完可在“回评”中修改。',
  },
  {
    topic: 'publish-scores',
    text: '阅卷完成后，在科目的“成绩”页查看发布前核查，核对学生成绩（必要时调整并写明原因），确认无误后点击“发布”；发布后仍可取消发布、更正后再发布。',
  },
];

/** /book/help: what the product does, signing in, passwords, whom to contact. */
export function HelpPage() {
  const user = useCurrentUser();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        帮助中心
      </Typography.Title>
      <Paragraph type="secondary">使用中遇到问题，可以先在这里查找答案。</Paragraph>

      <HelpSection title="平台能做什么">
        <Paragraph>
          阅卷是面向学校和教育局的考试服务平台，覆盖一场考试的全过程：创建校内考试与联考、管理学生和教师、扫描或上传答题卡、识别并处理异常卷、制作答题卡模板、分配和开展网上阅卷、监控阅卷质量与进度，最后发布成绩并生成分析报告。
        </Paragraph>
        <Paragraph>
          不同身份看到的功能不同：学校管理员管理本校的年级、班级、学生和教师；考试管理员和学科负责人安排考试与阅卷任务；阅卷老师完成分配给自己的阅卷任务；扫描员负责答题卡扫描。您的身份显示在首页欢迎栏中。
        </Paragraph>
      </HelpSection>

      {TASKS.map(({ topic, text }) => (
        <HelpSection key={topic} title={HELP_VIDEO_TOPICS[topic]} extra={<WatchVideo topic={topic} />}>
          <Paragraph>{text}</Paragraph>
        </HelpSection>
      ))}

      <HelpSection title="登录">
        <Paragraph>
          在登录页输入账号（通常是您的手机号）和密码即可登录。账号由学校管理员开通，首次登录时系统会要求您把初始密码改为自己的密码：密码需为
          10-64 位（可以用一句好记的话），不能是常见密码或重复、连续的字符，也不能包含账号或手机号。
        </Paragraph>
        <Paragraph>使用结束后，请点击右上角头像，选择“退出登录”，尤其是在公共电脑上。</Paragraph>
      </HelpSection>

      <HelpSection title="忘记或修改密码">
        <Paragraph>
          <Text strong>忘记密码：</Text>
          在登录页点击“忘记密码”，输入账号绑定的手机号并获取短信验证码，验证通过后设置新密码。
        </Paragraph>
        <Paragraph>
          <Text strong>修改密码：</Text>登录后点击右上角头像，选择“修改密码”，输入原密码和两次新密码即可。
        </Paragraph>
        <Paragraph>
          <Text strong>个人信息：</Text>在“个人中心”可以查看姓名、手机号和所在学校，并更换头像（JPG、PNG
          格式，不超过 2 MB）。
        </Paragraph>
      </HelpSection>

      <HelpSection title="消息与公告">
        <Paragraph>
          右上角的铃铛显示未读消息数，点击可查看最近的消息，点击一条未读消息即标记为已读。系统公告会在打开平台时弹出一次，公告内容更新后会再次提醒。
        </Paragraph>
      </HelpSection>

      <HelpSection title="常见问题">
        <Collapse items={FAQ} bordered={false} />
      </HelpSection>

      <HelpSection title="联系我们">
        <Paragraph>
          {user.isAdmin
            ? '您是系统管理员，可以在右上角菜单的“系统公告”中向所有用户发布通知，在“客服链接”中设置下方的在线客服入口。'
            : user.isSchoolAdmin
              ? '账号、年级班级和师生信息由您所在学校负责维护。遇到平台本身的问题，请联系为贵校部署平台的系统管理员，并附上页面截图和出错提示中的错误编号。'
              : '账号开通、姓名或手机号变更、考试分工等问题，请联系本校的学校管理员。反馈问题时，请附上页面截图和出错提示中的错误编号，便于尽快定位。'}
        </Paragraph>
        <ServiceLinks />
        <Paragraph>
          <Link to="/book/home">返回首页</Link>
        </Paragraph>
      </HelpSection>
    </Card>
  );
}
