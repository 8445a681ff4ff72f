import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';

describe('routePattern', () => {
  it('names the route parameters and hides any other number', () => {
    expect(routePattern('/book/subject/12/mark/34/1/0', { subjectId: '12', blockId: '34', type: '1' })).toBe(
      '/book/subject/:subjectId/mark/:blockId/:type/:id',
    );
    expect(routePattern('/book/exam/7/hide', {})).toBe('/book/exam/:id/hide');
    expect(routePattern('/book/home', {})).toBe('/book/home');
    expect(routePattern('/book/quality-test/progress2', {})).toBe('/book/quality-test/progress2');
  });
});
