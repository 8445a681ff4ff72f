import type { FormRule } from 'antd';

/** A text the form must have (not only spaces), at most `max` characters: its two messages as the field says them. */
export const requiredText = (message: string, max: number, maxMessage: string): FormRule[] => [
  { required: true, whitespace: true, message },
  { max, message: maxMessage },
];

/** A mainland mobile number, the sign-in account of teachers and administrators (spaces round it are trimmed). */
export const PHONE_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入手机号' },
  { pattern: /^\s*1[3-9]\d{9}\s*$/, message: '手机号格式不正确' },
];

/**
 * A name of 2 to 60 characters (an exam's, a school's), its messages naming the field. The 60 matches the box's
 * maxLength, so its message shows only where a box allows more.
 */
export const nameRules = (field: string): FormRule[] => [
  { required: true, whitespace: true, message: `请输入${field}` },
  { min: 2, message: `${field}至少 2 个字` },
  { max: 60, message: `${field}不能超过 60 个字` },
];

/** A multiple choice of at most `max` items, its message counting them in `unit` (个学科, 个班级). */
export const atMostChosen = (max: number, unit: string): FormRule[] => [
  { type: 'array', max, message: `最多选择 ${max} ${unit}` },
];
