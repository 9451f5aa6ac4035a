// The SignalR JSON hub protocol, the subset this server speaks: record-separated JSON
// messages, the handshake, invocation (1), completion (3), ping (6) and close (7).
// Pure: no sockets, no timers. Specification: dotnet/aspnetcore
// src/SignalR/docs/specs/HubProtocol.md.

export const RECORD_SEPARATOR = '\x1e';
const RECORD_SEPARATOR_BYTE = 0x1e;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: 1;
  /** Absent for a server event or a fire-and-forget call: no completion is expected. */
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

/** Carries `result` or `error`, never both; a void method's completion carries neither. */
export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface PingMessage {
  type: 6;
}

export interface CloseMessage {
  type: 7;
  error?: string;
  /** Without `true`, a close with an error stops the client for good. */
  allowReconnect?: boolean;
}

export type HubMessage = InvocationMessage | CompletionMessage | PingMessage | CloseMessage;

/** A well-formed message of a type this server does not handle (streaming, stateful reconnect). */
export interface UnsupportedMessage {
  type: 'unsupported';
  messageType: number;
  invocationId?: string;
}

export type ParseResult =
  { ok: true; message: HubMessage | UnsupportedMessage } | { ok: false; reason: string };

export class FrameTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`A hub message is larger than ${limitBytes} bytes`);
    this.name = 'FrameTooLargeError';
  }
}

/**
 * Splits incoming WebSocket frames into messages. One frame may hold several messages
 * and a message may span frames, so the unfinished tail is kept until its separator
 * arrives. Splitting on the byte is safe: 0x1E never occurs inside a UTF-8 sequence.
 * Throws FrameTooLargeError when one message (finished or not) exceeds the limit.
 */
export class FrameReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(readonly maxMessageBytes: number) {}

  push(chunk: Buffer): string[] {
    const records: string[] = [];
    let start = 0;
    for (
      let end = chunk.indexOf(RECORD_SEPARATOR_BYTE);
      end !== -1;
      end = chunk.indexOf(RECORD_SEPARATOR_BYTE, start)
    ) {
      records.push(this.takeRecord(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
    return records;
  }

  private takeRecord(tail: Buffer): string {
    this.checkSize(this.pendingBytes + tail.length);
    const whole = this.pending.length ? Buffer.concat([...this.pending, tail]) : tail;
    this.pending = [];
    this.pendingBytes = 0;
    return whole.toString('utf8');
  }

  private keep(part: Buffer) {
    this.checkSize(this.pendingBytes + part.length);
    // Copy: the socket may reuse the chunk's memory.
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }

  private checkSize(bytes: number) {
    if (bytes > this.maxMessageBytes) throw new FrameTooLargeError(this.maxMessageBytes);
  }
}

/** One message as sent on the wire: JSON, then the record separator. */
export function serializeMessage(message: HubMessage): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export function parseMessage(text: string): ParseResult {
  const value = parseJsonObject(text);
  if (!value) return { ok: false, reason: 'not a JSON object' };
  const type = value.type;
  if (typeof type !== 'number' || !Number.isInteger(type))
    return { ok: false, reason: 'missing message type' };
  switch (type) {
    case MessageType.Invocation:
      return parseInvocation(value);
    case MessageType.Completion:
      return parseCompletion(value);
    case MessageType.Ping:
      return { ok: true, message: { type: MessageType.Ping } };
    case MessageType.Close:
      return parseClose(value);
    default:
      if (type < 1 || type > 9) return { ok: false, reason: `unknown message type ${type}` };
      return { ok: true, message: unsupported(type, value) };
  }
}

function parseInvocation(value: Record<string, unknown>): ParseResult {
  const { invocationId, target, arguments: args } = value;
  if (typeof target !== 'string' || !target) return { ok: false, reason: 'invocation without a target' };
  if (!Array.isArray(args)) return { ok: false, reason: 'invocation without arguments' };
  if (invocationId !== undefined && typeof invocationId !== 'string') {
    return { ok: false, reason: 'invocation id is not a string' };
  }
  const message: InvocationMessage = { type: MessageType.Invocation, target, arguments: args };
  if (invocationId !== undefined) message.invocationId = invocationId;
  return { ok: true, message };
}

function parseCompletion(value: Record<string, unknown>): ParseResult {
  const { invocationId, result, error } = value;
  if (typeof invocationId !== 'string') return { ok: false, reason: 'completion without an invocation id' };
  if (error !== undefined && typeof error !== 'string')
    return { ok: false, reason: 'completion error is not a string' };
  if (error !== undefined && 'result' in value)
    return { ok: false, reason: 'completion with both result and error' };
  const message: CompletionMessage = { type: MessageType.Completion, invocationId };
  if (error !== undefined) message.error = error;
  else if ('result' in value) message.result = result;
  return { ok: true, message };
}

function parseClose(value: Record<string, unknown>): ParseResult {
  const message: CloseMessage = { type: MessageType.Close };
  if (typeof value.error === 'string') message.error = value.error;
  if (value.allowReconnect === true) message.allowReconnect = true;
  return { ok: true, message };
}

function unsupported(type: number, value: Record<string, unknown>): UnsupportedMessage {
  const message: UnsupportedMessage = { type: 'unsupported', messageType: type };
  if (typeof value.invocationId === 'string') message.invocationId = value.invocationId;
  return message;
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export type HandshakeResult = { ok: true; request: HandshakeRequest } | { ok: false; error: string };

/** The client's first message: `{"protocol":"json","version":1}`. Only JSON v1 is accepted. */
export function parseHandshakeRequest(text: string): HandshakeResult {
  const value = parseJsonObject(text);
  if (!value) return { ok: false, error: 'Handshake request is not valid JSON.' };
  const { protocol, version } = value;
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'Handshake request needs a protocol and a version.' };
  }
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  if (version !== 1)
    return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  return { ok: true, request: { protocol, version } };
}

/** `{}` accepts the handshake; `{"error": …}` refuses it (the server then closes). */
export function serializeHandshakeResponse(error?: string): string {
  return JSON.stringify(error === undefined ? {} : { error }) + RECORD_SEPARATOR;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
