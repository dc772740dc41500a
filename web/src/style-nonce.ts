/** The page's CSP nonce, which the service writes into index.html for each response. */
export function styleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce ?? '';
}
