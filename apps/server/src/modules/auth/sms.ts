/** Sends text messages. The default provider writes them to the server log (no gateway configured). */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

export function logSmsProvider(log: Logger): SmsProvider {
  return {
    async send(phone, text) {
      log.info({ sms: { phone, text } }, `短信 → ${phone}: ${text}`);
    },
  };
}
