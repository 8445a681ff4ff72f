import { passwordProblem } from '@yj/contracts';
import type { FormRule } from 'antd';

/**
 * The contract's password rule, checked in the form before the server sees it, with the same messages.
 * `personal`: the account name (and phone) the password must not contain, where the form knows them.
 */
export function passwordRules(personal: ReadonlyArray<string | null | undefined> = []): FormRule[] {
  return [
    { required: true, message: '请输入新密码' },
    {
      validator: (_rule, value: unknown) => {
        if (value === undefined || value === '') return Promise.resolve();
        const problem = passwordProblem(String(value), personal);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/** The confirmation field must repeat `field`. */
export function confirmRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error('两次输入的密码不一致')),
  });
}
