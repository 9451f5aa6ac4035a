import { describe, expect, it } from 'vitest';
import { repeatedJsonKey } from '../../server/http/json-body';

describe('repeatedJsonKey', () => {
  it('finds a key written twice in one object, at any depth, as JSON reads keys', () => {
    expect(repeatedJsonKey('{"PageType":"Archive","Id":1,"PageType":""}')).toBe('PageType');
    expect(repeatedJsonKey('{"a":{"b":1,"b":2}}')).toBe('b');
    expect(repeatedJsonKey('[{"x":1},{"y":[{"z":1,"z":1}]}]')).toBe('z');
    expect(repeatedJsonKey('{"Page\\u0054ype":1,"PageType":2}')).toBe('PageType');
  });

  it('takes keys in different objects, values that look like keys and escaped quotes as they are', () => {
    expect(repeatedJsonKey('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toBeUndefined();
    expect(repeatedJsonKey('{"a":"a","b":["a","a"],"c":"\\"a\\":1,\\"a\\":2"}')).toBeUndefined();
    expect(repeatedJsonKey('{"a":"x\\\\","b":"}{,"}')).toBeUndefined();
    expect(repeatedJsonKey('[1,"a",{}]')).toBeUndefined();
  });
});
