/** A picture captcha answer to resend with the refused call. */
export interface CaptchaAnswer {
  verifyKey: string;
  captcha: string;
}

export type CaptchaRequest =
  | {
      type: 'picture';
      text: string;
      /** whether the text warns above the picture (false when it only asks for the captcha) */
      warn: boolean;
      url: string;
      verifyKey: string;
      resolve: (a: CaptchaAnswer | null) => void;
    }
  | { type: 'phone'; text: string; data: Record<string, unknown>; resolve: (code: string | null) => void };

type Listener = () => void;

let open: CaptchaRequest | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

/** The dialog currently asked for, read by <CaptchaDialogs> through useSyncExternalStore. */
export const captchaStore = {
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  snapshot(): CaptchaRequest | null {
    return open;
  },
  close(): void {
    open = null;
    emit();
  },
};

/** Opens the picture captcha dialog; resolves with the answer or null when the user cancels. */
export function askPictureCaptcha(
  text: string,
  url: string,
  verifyKey: string,
  warn = true,
): Promise<CaptchaAnswer | null> {
  return new Promise((resolve) => {
    open?.resolve(null);
    open = { type: 'picture', text, url, verifyKey, warn, resolve };
    emit();
  });
}

/** Opens the SMS code dialog (captchaType phoneCaptcha); resolves with the code or null. */
export function askPhoneCode(text: string, data: Record<string, unknown>): Promise<string | null> {
  return new Promise((resolve) => {
    open?.resolve(null);
    open = { type: 'phone', text, data, resolve };
    emit();
  });
}
