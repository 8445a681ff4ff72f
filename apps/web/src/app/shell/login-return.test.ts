import { describe, expect, it } from 'vitest';
import { loginWithReturn } from './login-return';

describe('loginWithReturn', () => {
  it('keeps the in-app path under the /minions base', () => {
    expect(loginWithReturn('http://h/minions/book/help?x=1')).toBe('/login?redirect=%2Fbook%2Fhelp%3Fx%3D1');
  });
});
