import { useSyncExternalStore } from 'react';
import { captchaStore } from './captcha-store';
import { PictureCaptchaDialog } from './PictureCaptchaDialog';
import { PhoneCodeDialog } from './PhoneCodeDialog';

/** Renders whichever captcha dialog the global error handler asked for (spec §8). */
export function CaptchaDialogs() {
  const req = useSyncExternalStore(captchaStore.subscribe, captchaStore.snapshot);
  if (!req) return null;
  if (req.type === 'picture') {
    return (
      <PictureCaptchaDialog
        key={req.verifyKey}
        text={req.text}
        warn={req.warn}
        url={req.url}
        verifyKey={req.verifyKey}
        onDone={(answer) => {
          captchaStore.close();
          req.resolve(answer);
        }}
      />
    );
  }
  return (
    <PhoneCodeDialog
      text={req.text}
      onDone={(code) => {
        captchaStore.close();
        req.resolve(code);
      }}
    />
  );
}
