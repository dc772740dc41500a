import { handleRelayMessage, type RelayConversation, type RelayDeps } from './relay-conversation.js';
import { endMessage, type Handoff, type RelayOutgoing } from './relay-protocol.js';

/** Writes one message to the socket; resolves once it is handed to the network. */
export type RelaySink = (data: string) => Promise<void>;

/**
 * A ConversationRelay connection over any transport. Incoming messages are handled one at a
 * time, in order (a call's turns must not interleave). Outgoing messages leave through a queue
 * drained one write at a time, so when the caller barges in (interrupt), tokens of the old
 * reply that have not been written yet are dropped instead of being spoken after it.
 */
export class RelayConnection {
  private incoming: Promise<void> = Promise.resolve();
  private readonly queue: RelayOutgoing[] = [];
  private draining = false;
  private broken = false;

  constructor(
    private readonly deps: RelayDeps,
    readonly conversation: RelayConversation,
    private readonly sink: RelaySink,
  ) {}

  /** Resolves when this message has been handled (not necessarily sent). */
  receive(raw: string): Promise<void> {
    this.incoming = this.incoming.then(() => this.handle(raw));
    return this.incoming;
  }

  /**
   * Ends the conversation from this side (the process is stopping): what is queued is written, then
   * `end` with the hand-off, so Twilio posts the action URL and the call carries on elsewhere.
   */
  async end(handoff: Handoff): Promise<void> {
    if (this.conversation.phase === 'closed') return;
    this.conversation.phase = 'closed';
    await this.incoming.catch(() => {});
    this.queue.push(endMessage(handoff));
    void this.drain();
    await this.flushed();
  }

  /** Resolves when everything queued so far has been written. */
  async flushed(): Promise<void> {
    while (this.draining || (this.queue.length > 0 && !this.broken)) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async handle(raw: string): Promise<void> {
    const interruptionsBefore = this.conversation.interruptions;
    let out: RelayOutgoing[];
    try {
      out = await handleRelayMessage(this.deps, this.conversation, raw);
    } catch (error) {
      // A fault in one turn must not leave Twilio waiting in silence: end the conversation, and the
      // action URL hangs up; the status callback then wraps the call up.
      this.deps.log.warn({ call_id: this.conversation.callId, err: error }, 'ConversationRelay turn failed');
      this.conversation.phase = 'closed';
      out = [{ type: 'end', handoffData: JSON.stringify({ reason: 'error' }) }];
    }
    if (this.conversation.interruptions !== interruptionsBefore) this.dropQueuedText();
    this.queue.push(...out);
    void this.drain();
  }

  private dropQueuedText(): void {
    const kept = this.queue.filter((m) => m.type !== 'text');
    this.queue.splice(0, this.queue.length, ...kept);
  }

  private async drain(): Promise<void> {
    if (this.draining || this.broken) return;
    this.draining = true;
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
        await this.sink(JSON.stringify(next));
      }
    } catch (error) {
      // The socket is gone; nothing more can be said on it.
      this.broken = true;
      this.queue.length = 0;
      this.deps.log.warn(
        { call_id: this.conversation.callId, err: error },
        'ConversationRelay socket write failed',
      );
    } finally {
      this.draining = false;
    }
  }
}
