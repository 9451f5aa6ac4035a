// One client's WebSocket: handshake, keep-alive, incoming messages, and sending.
// Nothing is sent before the handshake answer; invocations run one at a time, in order
// (as ASP.NET SignalR does by default), with a bounded queue.
import type { RawData, WebSocket } from 'ws';
import {
  FrameReader,
  MessageType,
  parseHandshakeRequest,
  parseMessage,
  serializeHandshakeResponse,
  serializeMessage,
  type CloseMessage,
  type HubMessage,
  type UnsupportedMessage,
} from './hub-protocol';
import type { HubPrincipal, Invoke } from './hub-methods';

export interface ConnectionLimits {
  handshakeTimeoutMs: number;
  keepAliveMs: number;
  clientTimeoutMs: number;
  maxMessageBytes: number;
  /** A client that lets this much pile up unsent is too slow: drop it. */
  maxBufferedBytes: number;
  maxQueuedInvocations: number;
}

const OPEN = 1;
const PING = serializeMessage({ type: MessageType.Ping });
const PROTOCOL_ERROR = 'Connection closed with an error.';
/** After a close message, a client that does not finish the close handshake is cut off. */
const CLOSE_GRACE_MS = 1000;

export class HubConnection {
  private readonly reader: FrameReader;
  private handshaken = false;
  private closing = false;
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private queued = 0;
  private invocations: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly socket: WebSocket,
    readonly principal: HubPrincipal,
    readonly connectionId: string,
    private readonly limits: ConnectionLimits,
    private readonly invoke: Invoke,
  ) {
    this.reader = new FrameReader(limits.maxMessageBytes);
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => this.stopTimers());
    this.startTimers();
  }

  /** True once the handshake is answered: events may be sent. */
  get isOpen(): boolean {
    return this.handshaken && !this.closing && this.socket.readyState === OPEN;
  }

  onClosed(listener: () => void) {
    this.socket.on('close', listener);
  }

  /** Sends an already serialized message (serialize once per event, not per socket). */
  sendText(text: string) {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
    this.lastSent = Date.now();
  }

  /** Sends a close message (when the handshake was answered) and closes the socket. */
  close(message: CloseMessage) {
    if (this.isOpen) this.sendText(serializeMessage(message));
    this.closing = true;
    if (this.socket.readyState !== OPEN) return;
    this.socket.close(1000);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private receive(data: RawData) {
    this.lastReceived = Date.now();
    let records: string[];
    try {
      records = this.reader.push(toBuffer(data));
    } catch {
      this.close({ type: MessageType.Close, error: PROTOCOL_ERROR });
      return;
    }
    for (const record of records) {
      if (this.closing) return;
      if (this.handshaken) this.handleMessage(record);
      else this.handleHandshake(record);
    }
  }

  private handleHandshake(record: string) {
    const handshake = parseHandshakeRequest(record);
    if (!handshake.ok) {
      this.socket.send(serializeHandshakeResponse(handshake.error));
      this.closing = true;
      this.socket.close(1000);
      return;
    }
    this.socket.send(serializeHandshakeResponse());
    this.handshaken = true;
    this.lastSent = Date.now();
  }

  private handleMessage(record: string) {
    const parsed = parseMessage(record);
    if (!parsed.ok) {
      this.close({ type: MessageType.Close, error: PROTOCOL_ERROR });
      return;
    }
    this.dispatch(parsed.message);
  }

  private dispatch(message: HubMessage | UnsupportedMessage) {
    switch (message.type) {
      case MessageType.Invocation:
        this.enqueue(() => this.invoke(this.principal, message), message.invocationId);
        return;
      case MessageType.Close:
        this.closing = true;
        this.socket.close(1000);
        return;
      case 'unsupported':
        this.refuseUnsupported(message);
        return;
      default:
        // Pings only prove the client is alive; completions answer nothing we asked.
        return;
    }
  }

  private enqueue(call: () => ReturnType<Invoke>, invocationId: string | undefined) {
    if (this.queued >= this.limits.maxQueuedInvocations) {
      if (invocationId !== undefined) this.complete(invocationId, 'Too many pending invocations.');
      return;
    }
    this.queued += 1;
    this.invocations = this.invocations.then(async () => {
      const completion = await call().catch(() => null);
      this.queued -= 1;
      if (completion) this.sendText(serializeMessage(completion));
    });
  }

  /** A stream invocation waits for a completion; other unsupported kinds need no answer. */
  private refuseUnsupported(message: UnsupportedMessage) {
    if (message.messageType === MessageType.StreamInvocation && message.invocationId !== undefined) {
      this.complete(message.invocationId, 'Streaming is not supported.');
    }
  }

  private complete(invocationId: string, error: string) {
    this.sendText(serializeMessage({ type: MessageType.Completion, invocationId, error }));
  }

  private startTimers() {
    const { handshakeTimeoutMs, keepAliveMs } = this.limits;
    this.timers.push(
      setTimeout(() => {
        if (!this.handshaken) this.socket.terminate();
      }, handshakeTimeoutMs),
      setInterval(() => this.keepAlive(), Math.max(50, keepAliveMs / 3)),
    );
    for (const timer of this.timers) timer.unref();
  }

  private keepAlive() {
    const now = Date.now();
    if (now - this.lastReceived > this.limits.clientTimeoutMs) {
      this.socket.terminate();
      return;
    }
    if (now - this.lastSent >= this.limits.keepAliveMs) this.sendText(PING);
  }

  private stopTimers() {
    for (const timer of this.timers) clearTimeout(timer);
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
