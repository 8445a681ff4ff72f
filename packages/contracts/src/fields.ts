import { z } from 'zod';

// The field types every request schema is built from, bounded so that no input reaches the database as
// something it refuses (an id beyond int4, a NUL in text): such input is a parameter error, in Chinese.

/** Largest value of a PostgreSQL integer column: every id and count the database stores fits below it. */
export const MAX_INT = 2_147_483_647;

/** Refused in text: C0 controls but tab and line breaks, and DEL (PostgreSQL refuses NUL in text outright). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PRINTABLE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHAR_MESSAGE = '不能包含控制字符';

/** Text a person typed or a client sent: any string without control characters. Chain .max() as usual. */
export const text = () => z.string().regex(PRINTABLE, CONTROL_CHAR_MESSAGE);

/** An integer within [min, max] (max defaults to what an integer column holds). */
export const int = (min: number, max: number = MAX_INT) =>
  z.number().int('应为整数').min(min, `不能小于 ${min}`).max(max, `不能大于 ${max}`);

/** The id of a stored record: 1 … 2147483647. `message` replaces the default when the value is out of range. */
export const id = (message = '编号无效') => z.number().int(message).min(1, message).max(MAX_INT, message);

/** An id in a path or query string, where it arrives as text. */
export const idParam = (message = '编号无效') =>
  z.coerce.number().int(message).min(1, message).max(MAX_INT, message);

/** An integer in a path or query string. */
export const intParam = (min: number, max: number = MAX_INT) =>
  z.coerce.number().int('应为整数').min(min, `不能小于 ${min}`).max(max, `不能大于 ${max}`);

/**
 * A number of a stored row in an answer schema, typed as the values the writes allow (a step of 1 or 0.5 …)
 * but checked as a number only: an answer reads back what a school already stored and never refuses it.
 */
export const storedNumber = <T extends number>() => z.custom<T>((v) => typeof v === 'number', '应为数字');
