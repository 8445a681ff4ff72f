import { ADMISSION_BATCHES, ADMISSION_LEVELS, type AdmissionInput, type AdmissionItem } from '@yj/contracts';
import { App, Col, Form, Input, InputNumber, Row, Select, type FormItemProps } from 'antd';
import { useOneAtATime } from '../../../app/useOneAtATime';
import { FormModal } from '../../../components/FormModal';
import { requiredText } from '../../../components/form-rules';
import type { SchoolModalProps } from '../common/school-modal';
import { admissionApi } from './admission.queries';

type Values = Required<AdmissionInput>;
const THIS_YEAR = new Date().getFullYear();

/** A field of the form, a third of the line unless `span` (of 24) says otherwise. */
function Field({ span = 8, children, ...item }: FormItemProps<Values> & { span?: number }) {
  return (
    <Col span={span}>
      <Form.Item<Values> {...item}>{children}</Form.Item>
    </Col>
  );
}

/** 新增 / 编辑升学记录: one graduate's admission, as it stands in the school's 升学喜报. */
export function AdmissionFormModal(
  p: SchoolModalProps<() => void> & { editing: AdmissionItem | null; year?: number | undefined },
) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useOneAtATime({
    mutationFn: (v: Values) =>
      p.editing ? admissionApi.update(p.schoolId, p.editing.id, v) : admissionApi.add(p.schoolId, v),
    onSuccess: (_r, v) => {
      void message.success(p.editing ? `已保存 ${v.name} 的升学记录` : `已添加 ${v.name} 的升学记录`);
      p.onSaved();
      p.onClose();
    },
  });
  const e = p.editing;
  return (
    <FormModal<Values>
      open={p.open}
      title={e ? '编辑升学记录' : '新增升学记录'}
      okText="保存"
      save={save}
      form={form}
      onCancel={p.onClose}
      width={620}
      initialValues={
        e
          ? { ...e, level: e.level as Values['level'], batch: e.batch as Values['batch'] }
          : { year: p.year ?? THIS_YEAR, xuehao: '', className: '', major: '', level: '' }
      }
    >
      <Row gutter={16}>
        <Field name="year" label="毕业年份" rules={[{ required: true, message: '请填写毕业年份' }]}>
          <InputNumber min={1977} max={THIS_YEAR + 1} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field name="name" label="姓名" rules={requiredText('请输入姓名', 30, '姓名不能超过 30 个字')}>
          <Input maxLength={30} placeholder="学生姓名" />
        </Field>
        <Field name="xuehao" label="学号">
          <Input maxLength={30} placeholder="选填" />
        </Field>
        <Field name="className" label="班级" extra="毕业时所在班级">
          <Input maxLength={30} placeholder="如 高三(1)班" />
        </Field>
        <Field
          span={16}
          name="university"
          label="录取院校"
          rules={requiredText('请输入录取院校', 50, '录取院校不能超过 50 个字')}
        >
          <Input maxLength={50} placeholder="如 南京大学" />
        </Field>
        <Field name="batch" label="录取批次" rules={[{ required: true, message: '请选择录取批次' }]}>
          <Select placeholder="请选择" options={ADMISSION_BATCHES.map((b) => ({ label: b, value: b }))} />
        </Field>
        <Field name="level" label="院校层次" extra="填最高的一项：985 院校也是 211">
          <Select
            options={[{ label: '不填', value: '' }, ...ADMISSION_LEVELS.map((l) => ({ label: l, value: l }))]}
          />
        </Field>
        <Field name="major" label="录取专业">
          <Input maxLength={50} placeholder="选填" />
        </Field>
      </Row>
    </FormModal>
  );
}
