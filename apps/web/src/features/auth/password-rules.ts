import { password, PASSWORD_RULE_TEXT } from '@yj/contracts';
import type { FormRule } from 'antd';

/** The contract's password rule, checked in the form before the server sees it. */
export const passwordRules: FormRule[] = [
  { required: true, message: '请输入新密码' },
  {
    validator: (_rule, value: unknown) =>
      value === undefined || value === '' || password.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(PASSWORD_RULE_TEXT)),
  },
];

/** The confirmation field must repeat `field`. */
export function confirmRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error('两次输入的密码不一致')),
  });
}
