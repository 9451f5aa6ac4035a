// Text messages go through one interface. The default sender writes each message to the
// server log as one line with the number and the text; a real provider implements the
// same interface.
import type { Logger } from 'pino';

export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export function createLogSmsSender(log: Pick<Logger, 'info'>): SmsSender {
  return {
    async send(mobile, text) {
      log.info({ sms: { mobile, text } }, `SMS to ${mobile}: ${text}`);
    },
  };
}
