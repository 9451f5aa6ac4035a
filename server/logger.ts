// Structured logs (pino). Tokens never reach the log: the Authorization header is
// redacted and token/access_token query parameters are blanked in logged URLs.
import pino, { type DestinationStream, type Logger } from 'pino';

export function redactUrl(url: string): string {
  return url.replace(/([?&](?:access_token|token|captchaTokenValue)=)[^&]*/gi, '$1[redacted]');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.Password'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.hostname,
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}
