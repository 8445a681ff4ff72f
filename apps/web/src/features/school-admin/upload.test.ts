import { describe, expect, it } from 'vitest';
import { fileProblem } from './common/ImportParts';
import { filenameOf } from './download';
import { readImportAnswer } from '../../api/upload';

describe('readImportAnswer', () => {
  it('returns the data of a successful import', () => {
    expect(readImportAnswer(200, { code: 0, message: 'ok', data: { created: 2 } })).toEqual({
      kind: 'ok',
      data: { created: 2 },
    });
  });
  it('turns row errors into a list to show, with the server message', () => {
    const errors = [{ row: 3, column: '学号', message: '学号不能为空' }];
    expect(readImportAnswer(200, { code: 1, message: '导入文件有 1 处错误', data: errors })).toEqual({
      kind: 'rowErrors',
      message: '导入文件有 1 处错误',
      errors,
    });
  });
  it('keeps other refusals (session loss, HTTP errors) for the global handler', () => {
    const session = readImportAnswer(200, { code: 1000, message: '请重新登录', data: null });
    expect(session).toMatchObject({ kind: 'failed', message: '请重新登录', raw: { code: 1000 } });
    const tooBig = readImportAnswer(413, { code: 1, message: '文件不能超过 10 MB', data: null });
    expect(tooBig).toMatchObject({ kind: 'failed', message: '文件不能超过 10 MB', raw: { code: 413 } });
    expect(readImportAnswer(502, '<html>')).toMatchObject({
      kind: 'failed',
      message: '服务器繁忙，请稍后重试',
    });
  });
  it('does not mistake field errors for row errors', () => {
    const r = readImportAnswer(200, {
      code: 1,
      message: 'Invalid',
      data: [{ field: 'file', message: '请选择文件' }],
    });
    expect(r).toMatchObject({ kind: 'failed', message: '导入未成功，请稍后重试' });
  });
});

describe('filenameOf', () => {
  it('reads an RFC 5987 name, a plain name, or falls back', () => {
    expect(filenameOf(`attachment; filename*=UTF-8''${encodeURIComponent('学生名单.xlsx')}`, 'x.xlsx')).toBe(
      '学生名单.xlsx',
    );
    expect(filenameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(filenameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('fileProblem', () => {
  it('accepts an .xlsx up to 10 MB and explains every refusal', () => {
    expect(fileProblem({ name: '名单.XLSX', size: 1000 })).toBeNull();
    expect(fileProblem({ name: '名单.xls', size: 1000 })).toMatch(/只支持 \.xlsx/);
    expect(fileProblem({ name: '名单.xlsx', size: 11 * 1024 * 1024 })).toMatch(/10 MB/);
    expect(fileProblem({ name: '名单.xlsx', size: 0 })).toMatch(/空/);
  });
});
