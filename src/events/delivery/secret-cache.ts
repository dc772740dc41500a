import type { SecretBox } from '../../lib/encryption.js';

/**
 * Keeps each endpoint's opened signing secret for as long as its ciphertext stays the same, so a
 * busy endpoint's secret is decrypted once, not at every delivery. A rotated secret comes with a
 * new ciphertext and is opened afresh; a failure to open is never kept, so it fails closed each
 * time. The process holds SECRETS_KEY itself, so this exposes nothing it could not open anyway.
 */
export function cacheOpenedSecrets(box: SecretBox, mostEndpoints = 1000): SecretBox {
  const opened = new Map<string, { sealed: string; secret: string }>();
  return {
    seal: (plaintext, context) => box.seal(plaintext, context),
    digest: (value, context) => box.digest(value, context),
    open(sealed, context) {
      const known = opened.get(context);
      if (known?.sealed === sealed) return known.secret;
      const secret = box.open(sealed, context);
      opened.delete(context);
      // The oldest endpoint opened gives way: a Map iterates in insertion order.
      if (opened.size >= mostEndpoints) opened.delete(opened.keys().next().value ?? '');
      opened.set(context, { sealed, secret });
      return secret;
    },
  };
}
