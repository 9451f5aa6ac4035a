// The trigram index's pattern (server/masterdata/repository.ts trigramPattern): every text
// the phrase's own pattern matches must match it too, or a search would lose rows; a long
// word gives the index only its inner trigrams.
import { describe, expect, it } from 'vitest';
import { indexable, searchPattern, trigramPattern, trigramWords } from '../../server/masterdata/repository';
import { searchKey } from '../../src/shared/persian';

/** LIKE as PostgreSQL reads it (backslash escapes), as a regular expression. */
function like(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') source += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '%') source += '[\\s\\S]*';
    else if (ch === '_') source += '[\\s\\S]';
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

describe('trigramPattern', () => {
  it('leaves a long word its inner trigrams and a short word its edges', () => {
    expect(trigramPattern('B-14243')).toBe('%b-%14243%');
    expect(trigramPattern('زاگرس 19')).toBe('%زاگرس% 19%');
    expect(trigramPattern('48201')).toBe('%48201%');
    expect(trigramPattern('ab cd')).toBe('%ab cd%');
    expect(trigramPattern('پرونده 481201')).toBe('%پرونده%481201%');
    expect(trigramPattern('')).toBe('');
  });

  it('leaves out the long words it is told to, and only those', () => {
    expect(trigramWords('پرونده 481201')).toEqual(['%پرونده%', '%481201%']);
    expect(trigramWords('ab پرونده 12 گزارش')).toEqual(['%پرونده%', '%گزارش%']);
    expect(trigramWords('100% کار')).toEqual(['%100%', '%کار%']);
    expect(trigramWords('ab')).toEqual([]);
    expect(trigramPattern('پرونده 481201', (word) => word === 1)).toBe('%481201%');
    expect(trigramPattern('پرونده 481201', (word) => word === 0)).toBe('%پرونده%');
    expect(trigramPattern('ab پرونده 12', () => false)).toBe('%ab % 12%');
    expect(trigramPattern('ab پرونده 12 گزارش', (word) => word === 1)).toBe('%ab % 12 %گزارش%');
  });

  it('tells a phrase the index can narrow from one it would answer by reading every entry', () => {
    for (const phrase of ['abc', 'زاگرس', '48201', 'a b', '-ab', 'ab-', 'زاگرس 19', ' ۱۹ ز'])
      expect([phrase, indexable(phrase)]).toEqual([phrase, true]);
    for (const phrase of ['', 'ab', 'ی', '۱۹', '%%% ___', '-- ..', '  ab  '])
      expect([phrase, indexable(phrase)]).toEqual([phrase, false]);
  });

  it('keeps what LIKE must read literally literal', () => {
    expect(trigramPattern('100%')).toBe('%100%\\%%');
    expect(trigramPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });

  it('matches every text the phrase matches', () => {
    const alphabet = ['a', 'b', '1', '2', 'ز', 'گ', ' ', '-', '%', '_', '\\', '.'];
    const pick = (n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    let checked = 0;
    for (let round = 0; round < 2000; round++) {
      const phrase = pick(1 + Math.floor(Math.random() * 9));
      const exact = searchPattern(phrase);
      if (!exact) continue;
      const text = `${pick(Math.floor(Math.random() * 5))}${phrase.trim()}${pick(Math.floor(Math.random() * 5))}`;
      const key = searchKey(text); // what a search table holds
      if (!like(exact).test(key)) continue;
      expect(like(trigramPattern(phrase)).test(key), `${phrase} in ${text}`).toBe(true);
      // With any of its long words left out, too.
      const kept = Math.floor(Math.random() * 16);
      const keeps = (word: number) => ((kept >> word) & 1) === 1;
      expect(like(trigramPattern(phrase, keeps)).test(key), `${phrase} (${kept}) in ${text}`).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(500);
  });
});
