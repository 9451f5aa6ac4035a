// The hub client's log. A connection that drops and comes back is part of the page's life
// (a sign-out elsewhere, a password changed, a server restart, a lost network, the limit of
// tabs): the library reports each such failure as an error, several times over, and a
// console full of red hides the errors that matter. Those expected ones are logged at debug
// level (Chromium's «Verbose»); anything else keeps its level.
import type { ILogger, LogLevel } from '@microsoft/signalr';

// LogLevel's values: importing the enum itself would pull the lazily loaded library into
// the first page.
const WARNING = 3 as LogLevel;
const ERROR = 4 as LogLevel;

/** What the library says about a connection failing, dropping, or being stopped meanwhile. */
const EXPECTED = [
  /Failed to complete negotiation/,
  /Failed to start the (connection|transport|HttpConnection)/,
  /Connection disconnected with error/,
  /Error from HTTP request/,
  /Timeout from HTTP request/,
  /WebSocket failed to connect/,
  /Server timeout elapsed/,
  /Session revoked/,
  /before stop\(\) was called/,
  /while the connection is still in the connecting state/,
  /The page is being frozen/,
];

export const isExpectedHubFailure = (message: string) => EXPECTED.some((pattern) => pattern.test(message));

export const quietHubLogger: ILogger = {
  log(level: LogLevel, message: string) {
    if (level < WARNING) return;
    if (isExpectedHubFailure(message)) console.debug(`[hub] ${message}`);
    else if (level >= ERROR) console.error(`[hub] ${message}`);
    else console.warn(`[hub] ${message}`);
  },
};
