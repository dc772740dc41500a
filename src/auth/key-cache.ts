import type { KeyPrincipal } from './api-key-auth.js';

interface Entry {
  principal: KeyPrincipal;
  /** When the key was last looked up in full (and its last_used_at written, when due). */
  lookedUpAt: number;
}

/**
 * API keys this process has looked up in full, by the SHA-256 of the key (never the key itself).
 * An entry only saves the lookup: every request made with it still checks the key on the database
 * before its answer leaves (key-recheck.ts). Entries older than `maxAgeMs` are looked up in full
 * again, which keeps last_used_at current; the size bound keeps memory flat under many keys.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(keyHash: string, now: number): KeyPrincipal | null {
    const entry = this.entries.get(keyHash);
    if (!entry) return null;
    if (now - entry.lookedUpAt >= this.maxAgeMs || now < entry.lookedUpAt) {
      this.entries.delete(keyHash);
      return null;
    }
    return entry.principal;
  }

  set(keyHash: string, principal: KeyPrincipal, now: number): void {
    this.entries.delete(keyHash);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the one looked up longest ago.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(keyHash, { principal, lookedUpAt: now });
  }

  delete(keyHash: string): void {
    this.entries.delete(keyHash);
  }
}
