// Splits a migration script into statements. PGlite runs statements through the
// extended protocol, which takes one statement at a time. Semicolons inside quotes,
// comments and $$ bodies do not split.
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  let inDollar = false;
  let inQuote = false;
  while (i < script.length) {
    const ch = script[i];
    const two = script.slice(i, i + 2);
    if (!inQuote && !inDollar && two === '--') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
      continue;
    }
    if (!inQuote && two === '$$') {
      inDollar = !inDollar;
      current += two;
      i += 2;
      continue;
    }
    if (!inDollar && ch === "'") inQuote = !inQuote;
    if (!inDollar && !inQuote && ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
    i++;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
