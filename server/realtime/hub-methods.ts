// Hub methods: what a client may invoke, and how a call becomes a completion message.
import { withTenant } from '../db/tenant-fence';
import { MessageType, type CompletionMessage, type InvocationMessage } from './hub-protocol';

/** Who is connected: the session the hub connection was authenticated with. */
export interface HubPrincipal {
  userId: number;
  tenantId: number;
  sessionId: number;
}

/** `P` is whatever `authenticate` returned (e.g. the app's Principal with permissions). */
export type HubMethod<P extends HubPrincipal = HubPrincipal> = (
  principal: P,
  args: unknown[],
) => Promise<unknown>;

/** Thrown by a hub method: its message is shown to the caller (other errors are hidden). */
export class HubMethodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubMethodError';
  }
}

export type Invoke<P extends HubPrincipal = HubPrincipal> = (
  principal: P,
  invocation: InvocationMessage,
) => Promise<CompletionMessage | null>;

/**
 * Runs invocations against `methods` (names match case-insensitively, as in ASP.NET
 * SignalR). Answers with a completion when the call has an invocation id; an unknown
 * method or a failure is a completion with an error. Unexpected errors go to `onError`
 * and the caller sees a generic message.
 */
export function createInvoker<P extends HubPrincipal>(
  methods: Record<string, HubMethod<P>>,
  onError: (error: unknown, target: string) => void,
): Invoke<P> {
  const byName = new Map(Object.entries(methods).map(([name, method]) => [name.toLowerCase(), method]));
  return async (principal, { invocationId, target, arguments: args }) => {
    const outcome = await run(byName.get(target.toLowerCase()), principal, target, args, onError);
    if (invocationId === undefined) return null;
    return { type: MessageType.Completion, invocationId, ...outcome };
  };
}

async function run<P extends HubPrincipal>(
  method: HubMethod<P> | undefined,
  principal: P,
  target: string,
  args: unknown[],
  onError: (error: unknown, target: string) => void,
): Promise<{ result?: unknown; error?: string }> {
  if (!method) return { error: `Unknown hub method '${target}'` };
  try {
    // Fenced like an HTTP handler: a method reads and writes its caller's tenant only.
    const result = await withTenant(principal.tenantId, () => method(principal, args));
    // A void method's completion carries neither result nor error.
    return result === undefined ? {} : { result };
  } catch (error) {
    if (error instanceof HubMethodError) return { error: error.message };
    onError(error, target);
    return { error: `An unexpected error occurred invoking '${target}' on the server.` };
  }
}
