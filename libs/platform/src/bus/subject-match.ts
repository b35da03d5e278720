/** NATS subject matching: `*` matches one token, a final `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  if (!pattern.includes('*') && !pattern.includes('>')) return false;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
