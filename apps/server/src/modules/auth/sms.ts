/** Sends text messages. The default provider writes them to the server log (no gateway configured). */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/**
 * No SMS gateway: reset codes go to the server log (the demo reads them there). Said at start-up and on the system
 * administrator's home page, so no production install runs so unnoticed.
 */
export const SMS_TO_LOG_WARNING =
  '未配置短信网关：找回密码的验证码只写入服务器日志，仅供演示。正式使用前须接入短信网关。';

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
