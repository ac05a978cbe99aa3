// The Content-Security-Policy of every page. Scripts run only from this origin or with the request's
// nonce (Next puts it on its own inline scripts); no inline script an attacker could inject runs.
// Styles allow inline (recharts and React set style attributes); no other origin is ever contacted.

/** A fresh nonce per request: 16 random bytes, base64. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: { development?: boolean } = {}): string {
  const directives = [
    "default-src 'self'",
    // React needs eval in development only (rebuilding server error stacks).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}
