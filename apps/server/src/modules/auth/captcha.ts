import svgCaptcha from 'svg-captcha';
import type { CaptchaChallenge } from '@yj/contracts';
import { newToken, sha256 } from '../../lib/crypto';
import type { GuardRepo } from './guard.repo';

const CAPTCHA_TTL_MS = 5 * 60_000;

/** Picture captchas: the answer's hash is stored under a verify key; the picture is a data URL. */
export function captchaService(repo: GuardRepo) {
  return {
    async issue(verifyKey: string = newToken().slice(0, 24)): Promise<CaptchaChallenge> {
      // glyphs as SVG paths, so the answer is not in the markup as text
      const c = svgCaptcha.create({
        size: 4,
        noise: 3,
        ignoreChars: '0oO1iIlL',
        color: false,
        background: '#f4f6fb',
      });
      await repo.putCaptcha(verifyKey, sha256(c.text.toLowerCase()), new Date(Date.now() + CAPTCHA_TTL_MS));
      return {
        captchaType: 'picture',
        verifyKey,
        url: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
      };
    },
    /** One try per picture: the row is consumed whatever the answer. */
    async check(verifyKey: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!verifyKey || !answer) return false;
      const row = await repo.takeCaptcha(verifyKey);
      return !!row && row.expiresAt > new Date() && row.answerHash === sha256(answer.trim().toLowerCase());
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
