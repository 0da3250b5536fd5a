import { dirtyTextIn, jsonNestingDepth, textProblem } from './clean-text.rules';

describe('clean text at the edge', () => {
  it('accepts ordinary text, emoji included', () => {
    expect(textProblem('héllo 👋')).toBeNull();
  });

  it('refuses NUL and unpaired surrogates', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('a\ud800b')).toMatch(/surrogate/);
    expect(textProblem('\udc00')).toMatch(/surrogate/);
  });

  it('names the field, nested fields and keys', () => {
    expect(dirtyTextIn({ title: 'ok', channel: { name: 'x\u0000' } })).toBe(
      'channel.name: must not contain NUL characters',
    );
    expect(dirtyTextIn({ labels: ['a', 'b\ud800'] })).toBe('labels[1]: must be valid Unicode (no unpaired surrogates)');
    expect(dirtyTextIn({ ['k\u0000']: 1 })).toBe('body: a key must not contain NUL characters');
    expect(dirtyTextIn({ n: 1, b: true, z: null })).toBeNull();
  });

  it('measures nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[["}]}', 64)).toBe(3);
    expect(jsonNestingDepth('"\\"[["', 64)).toBe(0);
    expect(jsonNestingDepth('['.repeat(5000), 64)).toBe(65);
  });
});
