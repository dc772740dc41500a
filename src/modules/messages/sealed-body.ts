import type { SecretBox } from '../../lib/encryption.js';

// A mail that carries a secret link (an invitation, a password reset) keeps its whole body sealed
// under SECRETS_KEY, bound to the message's id and the field, so the copy in `body` leaves the
// secret out and a sealed body moved onto another message does not open (docs/notifications.md).

const context = (messageId: string) => `${messageId}:body`;

export function sealMessageBody(box: SecretBox, messageId: string, body: string): string {
  return box.seal(body, context(messageId));
}

export function openMessageBody(box: SecretBox, messageId: string, sealed: string): string {
  return box.open(sealed, context(messageId));
}
