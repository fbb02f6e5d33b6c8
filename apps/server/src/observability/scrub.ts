/**
 * Personal data out of anything sent to an error-reporting service (docs/security.md, "Error
 * reporting and usage analytics"): addresses, tokens and keys, query strings, long quoted text
 * (which may be a repository's contents). Reports carry no headers, cookies or bodies at all.
 */
export function scrubText(text: string, max = 2000): string {
  let t = text
    // query strings and fragments of URLs and of paths
    .replace(/(https?:\/\/[^\s?#"'<>]*|\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g, '$1')
    // credentials in URLs: scheme://user:secret@host
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@')
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
    .replace(/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?/g, '[jwt]')
    .replace(/\b(dk|gh[pousr]|glpat|sk|pk|xox[abpr])[_-][A-Za-z0-9_-]{8,}/g, '[token]')
    .replace(/\b[A-Fa-f0-9]{32,}\b/g, '[hex]')
    .replace(/\b[A-Za-z0-9+/_-]{40,}={0,2}/g, '[redacted]')
    // quoted text longer than a name: may be file contents
    .replace(/(["'`])[^"'`\n]{120,}\1/g, '$1[text]$1');
  if (t.length > max) t = `${t.slice(0, max)}…`;
  return t;
}
